using System.Runtime.InteropServices;

namespace LinuxPerf.Tests;

/// <summary>
/// Anonymous memory that has never been touched: the first write to each page is a page fault. Mapped with mmap and
/// marked MADV_NOHUGEPAGE so the kernel cannot back it with 2 MiB pages (which would fault once per 512 pages).
/// </summary>
internal sealed partial class FreshPages : IDisposable
{
    private const int ProtReadWrite = 0x1 | 0x2;
    private const int MapPrivateAnonymous = 0x02 | 0x20;
    private const int MadvNoHugePage = 14 + 1; // MADV_NOHUGEPAGE = 15

    private readonly nint _address;
    private readonly nuint _length;

    private FreshPages(nint address, nuint length, int count)
    {
        _address = address;
        _length = length;
        Count = count;
    }

    public int Count { get; }

    public static FreshPages Map(int count)
    {
        nuint length = (nuint)count * (nuint)Environment.SystemPageSize;
        nint address = Mmap(0, length, ProtReadWrite, MapPrivateAnonymous, -1, 0);
        if (address == -1)
        {
            throw new InvalidOperationException($"mmap failed: errno {Marshal.GetLastPInvokeError()}");
        }

        _ = Madvise(address, length, MadvNoHugePage); // best effort: kernels without THP reject it, and do not need it
        return new FreshPages(address, length, count);
    }

    /// <summary>Writes one byte in every page.</summary>
    public unsafe void TouchAll()
    {
        byte* p = (byte*)_address;
        int pageSize = Environment.SystemPageSize;
        for (int i = 0; i < Count; i++)
        {
            p[(long)i * pageSize] = 1;
        }
    }

    public void Dispose() => _ = Munmap(_address, _length);

    [LibraryImport("libc", EntryPoint = "mmap", SetLastError = true)]
    private static partial nint Mmap(nint address, nuint length, int protection, int flags, int fd, nint offset);

    [LibraryImport("libc", EntryPoint = "madvise")]
    private static partial int Madvise(nint address, nuint length, int advice);

    [LibraryImport("libc", EntryPoint = "munmap")]
    private static partial int Munmap(nint address, nuint length);
}
