using System.Collections.Concurrent;

namespace StorageEngine.Wal;

/// <summary>
/// Stripe buffers of closed logs, kept for the next log to open. A table's log holds 64 buffers of 256 KiB by default:
/// allocated anew for every table, those 16 MiB on the large-object heap cost a tenth of a fresh table's insert time
/// (they bring full collections forward). Bounded: at most <see cref="MaxPooledBytes"/> wait here.
/// </summary>
internal static class BufferPool
{
    /// <summary>Four default logs' worth of buffers.</summary>
    public const long MaxPooledBytes = 64L * 1024 * 1024;

    private static readonly ConcurrentDictionary<int, ConcurrentBag<byte[]>> Free = new();
    private static long s_pooledBytes;

    /// <summary>A buffer of exactly <paramref name="size"/> bytes (its content is whatever its last user left).</summary>
    public static byte[] Rent(int size)
    {
        if (Free.TryGetValue(size, out var bag) && bag.TryTake(out var buffer))
        {
            Interlocked.Add(ref s_pooledBytes, -size);
            return buffer;
        }

        return new byte[size];
    }

    /// <summary>Gives a buffer back; the caller must hold no reference to it any more.</summary>
    public static void Return(byte[] buffer)
    {
        if (buffer.Length == 0 || Interlocked.Add(ref s_pooledBytes, buffer.Length) > MaxPooledBytes)
        {
            Interlocked.Add(ref s_pooledBytes, -buffer.Length);
            return;
        }

        Free.GetOrAdd(buffer.Length, _ => []).Add(buffer);
    }
}
