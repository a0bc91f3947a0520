using System.Buffers.Binary;
using System.Text;

namespace StorageEngine.Wal;

/// <summary>
/// Turns keys or values into the bytes of a WAL record and back. Encodings must be self-delimiting:
/// <see cref="Read"/> reports how many bytes it consumed, which recovery checks against the record length.
/// </summary>
public interface IWalCodec<T>
{
    /// <summary>A short ASCII name stored in the WAL header (at most 20 bytes), so a WAL cannot be reopened with other types.</summary>
    string Name { get; }

    /// <summary>Bytes <see cref="Write"/> will produce for <paramref name="value"/>.</summary>
    int GetByteCount(T value);

    /// <summary>Writes exactly <see cref="GetByteCount"/> bytes.</summary>
    void Write(T value, Span<byte> destination);

    /// <summary>Reads one value from the start of <paramref name="source"/>.</summary>
    /// <exception cref="FormatException">The bytes are not a valid encoding.</exception>
    T Read(ReadOnlySpan<byte> source, out int consumed);
}

/// <summary>The codecs the engine knows without being told: int, long, string, byte[] and <see cref="Row"/>.</summary>
public static class WalCodecs
{
    /// <summary>4-byte little-endian <see cref="int"/>.</summary>
    public static IWalCodec<int> Int32 { get; } = new Int32Codec();

    /// <summary>8-byte little-endian <see cref="long"/>.</summary>
    public static IWalCodec<long> Int64 { get; } = new Int64Codec();

    /// <summary>Length-prefixed UTF-8 string.</summary>
    public static IWalCodec<string> Utf8String { get; } = new StringCodec();

    /// <summary>Length-prefixed byte array.</summary>
    public static IWalCodec<byte[]> Bytes { get; } = new BytesCodec();

    /// <summary>Length-prefixed <see cref="Row"/> payload.</summary>
    public static IWalCodec<Row> Row { get; } = new RowCodec();

    /// <summary>The built-in codec for <typeparamref name="T"/>.</summary>
    /// <exception cref="NotSupportedException">No built-in codec exists; pass one to the table's constructor.</exception>
    public static IWalCodec<T> Default<T>()
    {
        object? codec = typeof(T) == typeof(int) ? Int32
            : typeof(T) == typeof(long) ? Int64
            : typeof(T) == typeof(string) ? Utf8String
            : typeof(T) == typeof(byte[]) ? Bytes
            : typeof(T) == typeof(Row) ? Row
            : null;
        return codec as IWalCodec<T> ?? throw new NotSupportedException(
            $"The WAL has no built-in codec for {typeof(T).FullName}; pass an IWalCodec<{typeof(T).Name}> to the table's constructor.");
    }

    // Length prefix for variable-size payloads: unsigned LEB128, at most 5 bytes.
    internal static int VarIntSize(uint value)
    {
        int size = 1;
        while (value >= 0x80)
        {
            value >>= 7;
            size++;
        }

        return size;
    }

    internal static int WriteVarInt(uint value, Span<byte> destination)
    {
        int i = 0;
        while (value >= 0x80)
        {
            destination[i++] = (byte)(value | 0x80);
            value >>= 7;
        }

        destination[i++] = (byte)value;
        return i;
    }

    internal static uint ReadVarInt(ReadOnlySpan<byte> source, out int consumed)
    {
        uint result = 0;
        for (int i = 0; i < 5; i++)
        {
            if (i >= source.Length)
            {
                throw new FormatException("Truncated length prefix.");
            }

            byte b = source[i];
            result |= (uint)(b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0)
            {
                consumed = i + 1;
                return result;
            }
        }

        throw new FormatException("Length prefix longer than 5 bytes.");
    }

    internal static ReadOnlySpan<byte> ReadPrefixed(ReadOnlySpan<byte> source, out int consumed)
    {
        uint length = ReadVarInt(source, out int prefix);
        if (length > (uint)(source.Length - prefix))
        {
            throw new FormatException($"Length prefix {length} exceeds the {source.Length - prefix} bytes left in the record.");
        }

        consumed = prefix + (int)length;
        return source.Slice(prefix, (int)length);
    }

    private sealed class Int32Codec : IWalCodec<int>
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

    private sealed class Int64Codec : IWalCodec<long>
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

    private sealed class StringCodec : IWalCodec<string>
    {
        public string Name => "utf8";

        public int GetByteCount(string value)
        {
            int bytes = Encoding.UTF8.GetByteCount(value);
            return VarIntSize((uint)bytes) + bytes;
        }

        public void Write(string value, Span<byte> destination)
        {
            int bytes = Encoding.UTF8.GetByteCount(value);
            int prefix = WriteVarInt((uint)bytes, destination);
            Encoding.UTF8.GetBytes(value, destination[prefix..]);
        }

        public string Read(ReadOnlySpan<byte> source, out int consumed) =>
            Encoding.UTF8.GetString(ReadPrefixed(source, out consumed));
    }

    private sealed class BytesCodec : IWalCodec<byte[]>
    {
        public string Name => "bytes";

        public int GetByteCount(byte[] value) => VarIntSize((uint)value.Length) + value.Length;

        public void Write(byte[] value, Span<byte> destination)
        {
            int prefix = WriteVarInt((uint)value.Length, destination);
            value.CopyTo(destination[prefix..]);
        }

        public byte[] Read(ReadOnlySpan<byte> source, out int consumed) => ReadPrefixed(source, out consumed).ToArray();
    }

    private sealed class RowCodec : IWalCodec<Row>
    {
        public string Name => "row";

        public int GetByteCount(Row value) => VarIntSize((uint)value.Length) + value.Length;

        public void Write(Row value, Span<byte> destination)
        {
            int prefix = WriteVarInt((uint)value.Length, destination);
            value.CopyTo(destination[prefix..]);
        }

        public Row Read(ReadOnlySpan<byte> source, out int consumed) =>
            StorageEngine.Row.FromPayload(ReadPrefixed(source, out consumed));
    }
}
