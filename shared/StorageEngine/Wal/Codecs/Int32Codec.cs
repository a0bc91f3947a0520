using System.Buffers.Binary;

namespace StorageEngine.Wal.Codecs;

/// <summary><c>int32</c>: 4-byte little-endian <see cref="int"/>.</summary>
internal sealed class Int32Codec : IWalCodec<int>
{
    public string Name => "int32";

    public int GetByteCount(int value) => sizeof(int);

    public void Write(int value, Span<byte> destination) => BinaryPrimitives.WriteInt32LittleEndian(destination, value);

    public int Read(ReadOnlySpan<byte> source, out int consumed)
    {
        if (source.Length < sizeof(int))
        {
            throw new FormatException("Truncated int32.");
        }

        consumed = sizeof(int);
        return BinaryPrimitives.ReadInt32LittleEndian(source);
    }
}
