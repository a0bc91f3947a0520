using System.Buffers.Binary;

namespace StorageEngine.Wal.Codecs;

/// <summary><c>int64</c>: 8-byte little-endian <see cref="long"/>.</summary>
internal sealed class Int64Codec : IWalCodec<long>
{
    public string Name => "int64";

    public int GetByteCount(long value) => sizeof(long);

    public void Write(long value, Span<byte> destination) => BinaryPrimitives.WriteInt64LittleEndian(destination, value);

    public long Read(ReadOnlySpan<byte> source, out int consumed)
    {
        if (source.Length < sizeof(long))
        {
            throw new FormatException("Truncated int64.");
        }

        consumed = sizeof(long);
        return BinaryPrimitives.ReadInt64LittleEndian(source);
    }
}
