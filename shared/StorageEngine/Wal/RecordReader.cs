using System.Buffers.Binary;
using System.Globalization;
using StorageEngine.IO;

namespace StorageEngine.Wal;

/// <summary>
/// Reads the records of a log or snapshot file in order, from after its header, checking each one's length and its
/// check (which binds it to its offset and the file's salt). Stops at the end of the file or at the first record
/// that is not the one expected there, and says why. Reads go through a window of up to 1 MiB, so a scan does not
/// issue a system call per record.
/// </summary>
internal sealed class RecordReader(IFile file, uint salt)
{
    private readonly long _length = file.Length;
    private byte[] _window = new byte[Math.Clamp(file.Length, 4096, 1 << 20)]; // small files, small windows
    private long _windowStart = -1;
    private int _windowCount;
    private long _recordStart;

    public long Length => _length;

    /// <summary>Where the next record starts: the end of the valid records read so far.</summary>
    public long Offset { get; private set; } = WalFormat.HeaderSize;

    /// <summary>Why reading stopped before the end of the file, with the offset; null at a clean end.</summary>
    public string? Problem { get; private set; }

    /// <summary>Reads the header (which may be shorter than <see cref="WalFormat.HeaderSize"/> in a damaged file).</summary>
    public static byte[] ReadHeader(IFile file)
    {
        var header = new byte[(int)Math.Min(WalFormat.HeaderSize, file.Length)];
        for (int got = 0; got < header.Length;)
        {
            int n = file.Read(header.AsSpan(got), got);
            if (n == 0)
            {
                return header[..got];
            }

            got += n;
        }

        return header;
    }

    /// <summary>The next record's body, or false at the end of the file or at a record that fails its checks.</summary>
    public bool TryNext(out ReadOnlySpan<byte> body)
    {
        body = default;
        _recordStart = Offset;
        long left = _length - Offset;
        if (left == 0 || Problem is not null)
        {
            return false;
        }

        if (left < WalFormat.RecordHeaderSize)
        {
            return Stop($"incomplete record header ({left} bytes left)");
        }

        var head = Slice(Offset, WalFormat.RecordHeaderSize);
        uint bodyLength = BinaryPrimitives.ReadUInt32LittleEndian(head);
        uint check = BinaryPrimitives.ReadUInt32LittleEndian(head[4..]);
        if (bodyLength is < WalFormat.MinBodySize or > WalFormat.MaxBodySize)
        {
            return Stop($"invalid record length {bodyLength}");
        }

        if (bodyLength > left - WalFormat.RecordHeaderSize)
        {
            return Stop($"record of {bodyLength} bytes runs past the end of the file (torn write)");
        }

        body = Slice(Offset + WalFormat.RecordHeaderSize, (int)bodyLength);
        if ((Crc32C.Compute(body) ^ WalFormat.PositionTerm(salt, Offset, (int)bodyLength)) != check)
        {
            body = default;
            return Stop("checksum mismatch (a damaged record, or one that belongs elsewhere: lost, repeated or stale)");
        }

        Offset += WalFormat.RecordHeaderSize + bodyLength;
        return true;
    }

    /// <summary>Marks the record just returned as unusable (it passed its checks but does not decode): reading stops before it.</summary>
    public void Reject(string why)
    {
        Offset = _recordStart;
        Stop(why);
    }

    /// <summary>Copies bytes of the file at <paramref name="offset"/>; returns how many (fewer at the end).</summary>
    public int Read(long offset, Span<byte> destination)
    {
        int n = (int)Math.Min(destination.Length, Math.Max(0, _length - offset));
        Slice(offset, n).CopyTo(destination);
        return n;
    }

    private bool Stop(string why)
    {
        Problem = string.Create(CultureInfo.InvariantCulture, $"{why} at offset {Offset}");
        return false;
    }

    private ReadOnlySpan<byte> Slice(long offset, int count)
    {
        if (_windowStart < 0 || offset < _windowStart || offset + count > _windowStart + _windowCount)
        {
            if (count > _window.Length)
            {
                _window = new byte[count];
            }

            int want = (int)Math.Min(_window.Length, _length - offset);
            int got = 0;
            while (got < want)
            {
                int n = file.Read(_window.AsSpan(got, want - got), offset + got);
                if (n == 0)
                {
                    throw new IOException($"The file shrank while it was read (at offset {offset + got}).");
                }

                got += n;
            }

            _windowStart = offset;
            _windowCount = got;
        }

        return _window.AsSpan((int)(offset - _windowStart), count);
    }
}
