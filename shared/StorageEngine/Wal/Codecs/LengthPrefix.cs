namespace StorageEngine.Wal.Codecs;

/// <summary>The length prefix of the variable-size codecs: unsigned LEB128, at most 5 bytes.</summary>
internal static class LengthPrefix
{
    internal static int Size(uint value)
    {
        int size = 1;
        while (value >= 0x80)
        {
            value >>= 7;
            size++;
        }

        return size;
    }

    internal static int Write(uint value, Span<byte> destination)
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

    internal static uint Read(ReadOnlySpan<byte> source, out int consumed)
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
        uint length = Read(source, out int prefix);
        if (length > (uint)(source.Length - prefix))
        {
            throw new FormatException($"Length prefix {length} exceeds the {source.Length - prefix} bytes left in the record.");
        }

        consumed = prefix + (int)length;
        return source.Slice(prefix, (int)length);
    }
}
