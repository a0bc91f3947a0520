using System.Buffers.Binary;
using System.Globalization;
using Microsoft.Win32.SafeHandles;

namespace StorageEngine.Wal;

/// <summary>
/// Recovery on open: validates the header, replays every valid record in file order, and cuts off a torn or
/// corrupted tail (preserved next to the log). A damaged tail never makes it throw.
/// </summary>
internal sealed class WalRecovery<TKey, TValue>(SafeFileHandle handle, string path, IWalCodec<TKey> keyCodec, IWalCodec<TValue> valueCodec)
    where TKey : notnull
{
    public RecoveryReport Recover(bool createdNew, Action<TKey, TValue> replay)
    {
        long length = RandomAccess.GetLength(handle);
        var reader = new WindowReader(handle, length);
        Span<byte> header = stackalloc byte[WalFormat.HeaderSize];
        int headerBytes = reader.Read(0, header);
        if (WalFormat.ValidateHeader(header[..headerBytes], keyCodec.Name, valueCodec.Name) is { } problem)
        {
            throw new WalFormatException($"The file '{path}' cannot be opened as a WAL: {problem}.", path);
        }

        long offset = WalFormat.HeaderSize;
        long records = 0;
        string? reason = null;
        while (offset < length)
        {
            reason = TryReplayRecord(reader, offset, length, replay, out int consumed);
            if (reason is not null)
            {
                break;
            }

            offset += consumed;
            records++;
        }

        long discarded = length - offset;
        string? copy = null;
        if (discarded > 0)
        {
            copy = PreserveTail(reader, offset, discarded);
            try
            {
                RandomAccess.SetLength(handle, offset);
                WalIo.Sync(handle, WalSyncMode.Full);
            }
            catch (IOException e)
            {
                throw new WalException($"Cannot truncate the damaged tail of the WAL '{path}': {e.Message}", path, e);
            }
        }

        return new RecoveryReport(createdNew, records, offset, discarded, reason, copy);
    }

    // Returns null and the record size when the record at offset is valid and was replayed; else why not.
    private string? TryReplayRecord(WindowReader reader, long offset, long length, Action<TKey, TValue> replay, out int consumed)
    {
        consumed = 0;
        Span<byte> head = stackalloc byte[WalFormat.RecordHeaderSize];
        if (length - offset < WalFormat.RecordHeaderSize)
        {
            return Describe(offset, $"incomplete record header ({length - offset} bytes left)");
        }

        reader.Read(offset, head);
        uint bodyLength = BinaryPrimitives.ReadUInt32LittleEndian(head);
        uint crc = BinaryPrimitives.ReadUInt32LittleEndian(head[4..]);
        if (bodyLength is < WalFormat.MinBodySize or > WalFormat.MaxBodySize)
        {
            return Describe(offset, $"invalid record length {bodyLength}");
        }

        if (bodyLength > length - offset - WalFormat.RecordHeaderSize)
        {
            return Describe(offset, $"record of {bodyLength} bytes runs past the end of the file (torn write)");
        }

        ReadOnlySpan<byte> body = reader.Slice(offset + WalFormat.RecordHeaderSize, (int)bodyLength);
        if (Crc32C.Compute(body) != crc)
        {
            return Describe(offset, "checksum mismatch");
        }

        if (body[0] != WalFormat.PutRecord)
        {
            return Describe(offset, $"unknown record type {body[0]}");
        }

        TKey key;
        TValue value;
        try
        {
            key = keyCodec.Read(body[1..], out int keyBytes);
            value = valueCodec.Read(body[(1 + keyBytes)..], out int valueBytes);
            if (1 + keyBytes + valueBytes != body.Length)
            {
                return Describe(offset, "record length does not match its contents");
            }
        }
        catch (Exception e) when (e is FormatException or ArgumentException or IndexOutOfRangeException)
        {
            return Describe(offset, $"undecodable record ({e.Message})");
        }

        replay(key, value);
        consumed = WalFormat.RecordHeaderSize + (int)bodyLength;
        return null;
    }

    private static string Describe(long offset, string what) =>
        string.Create(CultureInfo.InvariantCulture, $"{what} at offset {offset}");

    private string? PreserveTail(WindowReader reader, long offset, long count)
    {
        string copy = string.Create(CultureInfo.InvariantCulture, $"{path}.discarded-{DateTime.UtcNow:yyyyMMddTHHmmssfff}");
        try
        {
            using var output = File.OpenHandle(copy, FileMode.CreateNew, FileAccess.Write);
            var chunk = new byte[Math.Min(count, 1 << 20)];
            for (long done = 0; done < count;)
            {
                int n = (int)Math.Min(chunk.Length, count - done);
                reader.Read(offset + done, chunk.AsSpan(0, n));
                RandomAccess.Write(output, chunk.AsSpan(0, n), done);
                done += n;
            }

            return copy;
        }
        catch (IOException)
        {
            return null; // the copy is a courtesy; recovery itself must not fail on it
        }
    }

    /// <summary>Sequential reads through a 1 MiB window, so recovery does not issue a syscall per record.</summary>
    private sealed class WindowReader(SafeFileHandle handle, long length)
    {
        private byte[] _window = new byte[1 << 20];
        private long _start = -1;
        private int _count;

        public int Read(long offset, Span<byte> destination)
        {
            int n = (int)Math.Min(destination.Length, Math.Max(0, length - offset));
            Slice(offset, n).CopyTo(destination);
            return n;
        }

        public ReadOnlySpan<byte> Slice(long offset, int count)
        {
            if (_start < 0 || offset < _start || offset + count > _start + _count)
            {
                if (count > _window.Length)
                {
                    _window = new byte[count];
                }

                int want = (int)Math.Min(_window.Length, length - offset);
                int got = 0;
                while (got < want)
                {
                    int n = RandomAccess.Read(handle, _window.AsSpan(got, want - got), offset + got);
                    if (n == 0)
                    {
                        break;
                    }

                    got += n;
                }

                _start = offset;
                _count = got;
            }

            return _window.AsSpan((int)(offset - _start), count);
        }
    }
}
