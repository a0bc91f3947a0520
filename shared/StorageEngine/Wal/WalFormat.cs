using System.Buffers.Binary;
using System.Numerics;
using System.Text;

namespace StorageEngine.Wal;

/// <summary>
/// The on-disk format, version 2: a 64-byte header, then records whose checks bind them to their file offset.
/// See the library README for the layout.
/// </summary>
internal static class WalFormat
{
    public const int HeaderSize = 64;
    public const int RecordHeaderSize = 8;          // u32 body length, u32 check
    public const int MinBodySize = 2;               // record type + at least one byte of key
    public const int MaxBodySize = 16 * 1024 * 1024;
    public const ushort Version = 2;
    public const byte PutRecord = 1;
    public const byte SnapshotEndRecord = 2; // last record of a snapshot: u64 number of entries
    private const int CodecNameSize = 20;
    private const int SaltOffset = 12;
    private const int GenerationOffset = 56;

    // "FTF-WAL" plus a newline: text tools show a name, and a truncated copy is recognisable.
    public static ReadOnlySpan<byte> Magic => "FTF-WAL\n"u8;

    /// <summary>The magic of a snapshot file, which otherwise shares the log's header and record layout.</summary>
    public static ReadOnlySpan<byte> SnapshotMagic => "FTF-SNAP"u8;

    /// <summary>A header for a new log (or, with <see cref="SnapshotMagic"/>, snapshot) file; <paramref name="salt"/> must differ between files.</summary>
    public static byte[] BuildHeader(string keyCodec, string valueCodec, uint salt, uint generation) =>
        BuildHeader(Magic, keyCodec, valueCodec, salt, generation);

    public static byte[] BuildHeader(ReadOnlySpan<byte> magic, string keyCodec, string valueCodec, uint salt, uint generation)
    {
        var header = new byte[HeaderSize];
        magic.CopyTo(header);
        BinaryPrimitives.WriteUInt16LittleEndian(header.AsSpan(8), Version);
        BinaryPrimitives.WriteUInt16LittleEndian(header.AsSpan(10), HeaderSize);
        BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(SaltOffset), salt);
        WriteName(keyCodec, header.AsSpan(16, CodecNameSize));
        WriteName(valueCodec, header.AsSpan(36, CodecNameSize));
        BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(GenerationOffset), generation);
        BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(60), Crc32C.Compute(header.AsSpan(0, 60)));
        return header;
    }

    /// <summary>A fresh random salt (never 0, so an all-zero header region cannot pass for one).</summary>
    public static uint NewSalt() => (uint)Random.Shared.NextInt64(1, uint.MaxValue);

    public static uint ReadSalt(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadUInt32LittleEndian(header[SaltOffset..]);

    public static uint ReadGeneration(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadUInt32LittleEndian(header[GenerationOffset..]);

    /// <summary>Checks a log's header; returns null when valid, else what is wrong and what to do.</summary>
    public static string? ValidateHeader(ReadOnlySpan<byte> header, string keyCodec, string valueCodec) =>
        ValidateHeader(Magic, header, keyCodec, valueCodec);

    public static string? ValidateHeader(ReadOnlySpan<byte> magic, ReadOnlySpan<byte> header, string keyCodec, string valueCodec)
    {
        if (header.Length < magic.Length || !header[..magic.Length].SequenceEqual(magic))
        {
            return magic.SequenceEqual(Magic)
                ? "it does not start with the WAL magic bytes \"FTF-WAL\\n\" (not a write-ahead log of this engine)"
                : "it does not start with the snapshot magic bytes \"FTF-SNAP\"";
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
        if (version == 1)
        {
            return "it was written in format version 1, whose records are not bound to their position, so a lost or " +
                "repeated record could not be detected; this engine reads version 2 only. Move the file away (or delete " +
                "it) to start a new log; to keep its rows, read them with the engine that wrote it and insert them into a new table";
        }

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

    /// <summary>
    /// The part of a record's check that depends on where it lies: the CRC-32C of (salt, file offset, body length).
    /// The stored check is CRC-32C(body) XOR this, so a record read anywhere but where it was written, or from
    /// another log file, fails its check.
    /// </summary>
    public static uint PositionTerm(uint salt, long offset, int bodyLength)
    {
        uint crc = BitOperations.Crc32C(0xFFFFFFFFu, (ulong)offset);
        crc = BitOperations.Crc32C(crc, ((ulong)(uint)bodyLength << 32) | salt);
        return ~crc;
    }

    /// <summary>
    /// Binds the records of <paramref name="records"/> (each stored with CRC-32C(body) as its check) to the file
    /// offset they are about to be written at. One pass over the record headers, done once per buffer write-out.
    /// </summary>
    public static void BindToPosition(Span<byte> records, long fileOffset, uint salt)
    {
        int at = 0;
        while (at < records.Length)
        {
            var head = records[at..];
            int bodyLength = (int)BinaryPrimitives.ReadUInt32LittleEndian(head);
            uint check = BinaryPrimitives.ReadUInt32LittleEndian(head[4..]);
            BinaryPrimitives.WriteUInt32LittleEndian(head[4..], check ^ PositionTerm(salt, fileOffset + at, bodyLength));
            at += RecordHeaderSize + bodyLength;
        }
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
