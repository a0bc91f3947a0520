using System.Buffers.Binary;
using System.Numerics;

namespace StorageEngine.Wal;

/// <summary>CRC-32C (Castagnoli), the checksum of every WAL record. Hardware-accelerated where the CPU has it.</summary>
public static class Crc32C
{
    /// <summary>Computes the CRC-32C of <paramref name="data"/> (initial value and final xor 0xFFFFFFFF).</summary>
    public static uint Compute(ReadOnlySpan<byte> data) => ~Append(0xFFFFFFFFu, data);

    // BitOperations.Crc32C uses the SSE4.2/ARM CRC instructions when present and a table otherwise.
    private static uint Append(uint crc, ReadOnlySpan<byte> data)
    {
        while (data.Length >= sizeof(ulong))
        {
            crc = BitOperations.Crc32C(crc, BinaryPrimitives.ReadUInt64LittleEndian(data));
            data = data[sizeof(ulong)..];
        }

        foreach (byte b in data)
        {
            crc = BitOperations.Crc32C(crc, b);
        }

        return crc;
    }
}
