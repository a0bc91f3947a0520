using System.Buffers.Binary;
using System.Text;

namespace StorageEngine.Wal;

/// <summary>
/// The on-disk format: a 64-byte header, then records. See the library README for the layout.
/// </summary>
internal static class WalFormat
{
    public const int HeaderSize = 64;
    public const int RecordHeaderSize = 8;          // u32 body length, u32 CRC-32C of the body
    public const int MinBodySize = 2;               // record type + at least one byte of key
    public const int MaxBodySize = 16 * 1024 * 1024;
    public const ushort Version = 1;
    public const byte PutRecord = 1;
    private const int CodecNameSize = 20;

    // "FTF-WAL" plus a newline and a NUL: text tools show a name, and a truncated copy is recognisable.
    public static ReadOnlySpan<byte> Magic => "FTF-WAL\n"u8;

    public static byte[] BuildHeader(string keyCodec, string valueCodec)
    {
        var header = new byte[HeaderSize];
        Magic.CopyTo(header);
        BinaryPrimitives.WriteUInt16LittleEndian(header.AsSpan(8), Version);
        BinaryPrimitives.WriteUInt16LittleEndian(header.AsSpan(10), HeaderSize);
        WriteName(keyCodec, header.AsSpan(16, CodecNameSize));
        WriteName(valueCodec, header.AsSpan(36, CodecNameSize));
        BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(60), Crc32C.Compute(header.AsSpan(0, 60)));
        return header;
    }

    /// <summary>Checks a header; returns null when valid, else what is wrong.</summary>
    public static string? ValidateHeader(ReadOnlySpan<byte> header, string keyCodec, string valueCodec)
    {
        if (header.Length < Magic.Length || !header[..Magic.Length].SequenceEqual(Magic))
        {
            return "it does not start with the WAL magic bytes \"FTF-WAL\\n\" (not a write-ahead log of this engine)";
        }

        if (header.Length < HeaderSize)
        {
            return $"its header is truncated ({header.Length} of {HeaderSize} bytes)";
        }

        if (BinaryPrimitives.ReadUInt32LittleEndian(header[60..]) != Crc32C.Compute(header[..60]))
        {
            return "its header checksum does not match (the header is corrupted)";
        }

        ushort version = BinaryPrimitives.ReadUInt16LittleEndian(header[8..]);
        if (version != Version)
        {
            return $"it has format version {version}; this engine reads version {Version}";
        }

        string storedKey = ReadName(header.Slice(16, CodecNameSize));
        string storedValue = ReadName(header.Slice(36, CodecNameSize));
        if (storedKey != keyCodec || storedValue != valueCodec)
        {
            return $"it holds {storedKey}→{storedValue} records but the table uses {keyCodec}→{valueCodec} codecs";
        }

        return null;
    }

    private static void WriteName(string name, Span<byte> destination)
    {
        if (Encoding.ASCII.GetByteCount(name) > destination.Length || name.Any(c => c > 127))
        {
            throw new ArgumentException($"Codec name '{name}' must be ASCII and at most {destination.Length} bytes.");
        }

        Encoding.ASCII.GetBytes(name, destination);
    }

    private static string ReadName(ReadOnlySpan<byte> source)
    {
        int end = source.IndexOf((byte)0);
        return Encoding.ASCII.GetString(end < 0 ? source : source[..end]);
    }
}
