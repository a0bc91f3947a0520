using System.Text;

namespace StorageEngine.Wal.Codecs;

/// <summary><c>utf8</c>: a UTF-8 string after its length prefix.</summary>
internal sealed class Utf8StringCodec : IWalCodec<string>
{
    public string Name => "utf8";

    public int GetByteCount(string value)
    {
        int bytes = Encoding.UTF8.GetByteCount(value);
        return LengthPrefix.Size((uint)bytes) + bytes;
    }

    public void Write(string value, Span<byte> destination)
    {
        int bytes = Encoding.UTF8.GetByteCount(value);
        int prefix = LengthPrefix.Write((uint)bytes, destination);
        Encoding.UTF8.GetBytes(value, destination[prefix..]);
    }

    public string Read(ReadOnlySpan<byte> source, out int consumed) =>
        Encoding.UTF8.GetString(LengthPrefix.ReadPrefixed(source, out consumed));
}
