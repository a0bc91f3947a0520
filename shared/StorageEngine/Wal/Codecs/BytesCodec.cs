namespace StorageEngine.Wal.Codecs;

/// <summary><c>bytes</c>: a byte array after its length prefix.</summary>
internal sealed class BytesCodec : IWalCodec<byte[]>
{
    public string Name => "bytes";

    public int GetByteCount(byte[] value) => LengthPrefix.Size((uint)value.Length) + value.Length;

    public void Write(byte[] value, Span<byte> destination)
    {
        int prefix = LengthPrefix.Write((uint)value.Length, destination);
        value.CopyTo(destination[prefix..]);
    }

    public byte[] Read(ReadOnlySpan<byte> source, out int consumed) => LengthPrefix.ReadPrefixed(source, out consumed).ToArray();
}
