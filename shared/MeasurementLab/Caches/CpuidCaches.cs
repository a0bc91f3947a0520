using System.Runtime.Intrinsics.X86;
using System.Text;

namespace MeasurementLab.Caches;

/// <summary>The four registers one CPUID call returns.</summary>
public readonly record struct CpuidRegisters(uint Eax, uint Ebx, uint Ecx, uint Edx);

/// <summary>
/// Cache sizes as the CPU (or the hypervisor's CPUID) describes them: Intel's leaf 4 and AMD's leaf 0x8000001D
/// (deterministic cache parameters, one sub-leaf per cache), or AMD's older leaves 0x80000005/6 when the hypervisor
/// leaves 0x8000001D empty. The decoder takes the CPUID function as a parameter, so known register dumps test it.
/// On a guest these are what the hypervisor chose to report: glibc's getconf reads the same leaves.
/// </summary>
public static class CpuidCaches
{
    /// <summary>The source name.</summary>
    public const string Source = "cpuid";

    private const int IntelCacheLeaf = 4;
    private const uint AmdCacheLeaf = 0x8000001D;
    private const uint AmdExtendedMax = 0x80000000;
    private const uint AmdFeatures = 0x80000001;
    private const uint AmdL1Leaf = 0x80000005;
    private const uint AmdL2L3Leaf = 0x80000006;
    private const uint TopologyExtensionsBit = 1u << 22; // 0x80000001 ECX: leaf 0x8000001D is implemented
    private const int MaxSubLeaves = 16;

    /// <summary>This CPU's claim, or null on a non-x86 CPU or a vendor without these leaves.</summary>
    public static CacheSizes? Read() =>
        X86Base.IsSupported ? Decode((leaf, sub) => ToRegisters(X86Base.CpuId(unchecked((int)leaf), sub))) : null;

    /// <summary>Decodes the caches from a CPUID function (leaf, sub-leaf) → registers.</summary>
    public static CacheSizes? Decode(Func<uint, int, CpuidRegisters> cpuid)
    {
        ArgumentNullException.ThrowIfNull(cpuid);
        var basic = cpuid(0, 0);
        string vendor = Vendor(basic);
        if (vendor == "GenuineIntel")
        {
            return basic.Eax >= IntelCacheLeaf ? Deterministic(cpuid, IntelCacheLeaf) : null;
        }

        if (vendor is not ("AuthenticAMD" or "HygonGenuine"))
        {
            return null;
        }

        uint maxExtended = cpuid(AmdExtendedMax, 0).Eax;
        bool topology = maxExtended >= AmdCacheLeaf && (cpuid(AmdFeatures, 0).Ecx & TopologyExtensionsBit) != 0;
        if (topology && Deterministic(cpuid, AmdCacheLeaf) is { } sizes)
        {
            return sizes;
        }

        return maxExtended >= AmdL2L3Leaf ? AmdLegacy(cpuid(AmdL1Leaf, 0), cpuid(AmdL2L3Leaf, 0)) : null;
    }

    /// <summary>The 12-character vendor string of leaf 0 (EBX, EDX, ECX).</summary>
    public static string Vendor(CpuidRegisters leaf0)
    {
        var bytes = new byte[12];
        BitConverter.TryWriteBytes(bytes.AsSpan(0), leaf0.Ebx);
        BitConverter.TryWriteBytes(bytes.AsSpan(4), leaf0.Edx);
        BitConverter.TryWriteBytes(bytes.AsSpan(8), leaf0.Ecx);
        return Encoding.ASCII.GetString(bytes);
    }

    // One sub-leaf per cache until type 0: size = ways × partitions × line size × sets (each stored minus one).
    private static CacheSizes? Deterministic(Func<uint, int, CpuidRegisters> cpuid, uint leaf)
    {
        long? l1d = null, l2 = null, l3 = null;
        for (int sub = 0; sub < MaxSubLeaves; sub++)
        {
            var r = cpuid(leaf, sub);
            uint type = r.Eax & 0x1F; // 1 data, 2 instruction, 3 unified
            if (type == 0)
            {
                break;
            }

            uint level = (r.Eax >> 5) & 0x7;
            long size = (long)((r.Ebx >> 22) + 1) * (((r.Ebx >> 12) & 0x3FF) + 1) * ((r.Ebx & 0xFFF) + 1) * ((long)r.Ecx + 1);
            switch (level, type)
            {
                case (1, 1):
                    l1d = size;
                    break;
                case (2, not 2):
                    l2 = size;
                    break;
                case (3, not 2):
                    l3 = size;
                    break;
            }
        }

        return l1d is null && l2 is null && l3 is null ? null : new CacheSizes(l1d, l2, l3);
    }

    // 0x80000005 ECX[31:24] L1d KiB; 0x80000006 ECX[31:16] L2 KiB, EDX[31:18] L3 in 512 KiB units (0: none).
    private static CacheSizes? AmdLegacy(CpuidRegisters l1, CpuidRegisters l2l3)
    {
        long l1d = (l1.Ecx >> 24) * 1024L;
        long l2 = (l2l3.Ecx >> 16) * 1024L;
        long l3 = (l2l3.Edx >> 18) * 512L * 1024;
        return l1d == 0 && l2 == 0 && l3 == 0 ? null : new CacheSizes(l1d > 0 ? l1d : null, l2 > 0 ? l2 : null, l3 > 0 ? l3 : null);
    }

    private static CpuidRegisters ToRegisters((int Eax, int Ebx, int Ecx, int Edx) r) =>
        new(unchecked((uint)r.Eax), unchecked((uint)r.Ebx), unchecked((uint)r.Ecx), unchecked((uint)r.Edx));
}
