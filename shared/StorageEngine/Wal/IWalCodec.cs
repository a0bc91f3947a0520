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
