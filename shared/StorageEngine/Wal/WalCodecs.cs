using StorageEngine.Wal.Codecs;

namespace StorageEngine.Wal;

/// <summary>The codecs the engine knows without being told: int, long, string, byte[] and <see cref="Row"/>.</summary>
public static class WalCodecs
{
    /// <summary>4-byte little-endian <see cref="int"/>.</summary>
    public static IWalCodec<int> Int32 { get; } = new IntegerCodec<int>("int32");

    /// <summary>8-byte little-endian <see cref="long"/>.</summary>
    public static IWalCodec<long> Int64 { get; } = new IntegerCodec<long>("int64");

    /// <summary>Length-prefixed UTF-8 string.</summary>
    public static IWalCodec<string> Utf8String { get; } = new Utf8StringCodec();

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
}
