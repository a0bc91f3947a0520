using System.Buffers.Binary;
using System.Globalization;
using StorageEngine.IO;

namespace StorageEngine.Wal;

/// <summary>
/// Recovery on open: validates the header, replays every valid record in file order, and cuts off the tail from
/// the first record that is not the one expected there (torn, corrupted, lost or repeated). The tail is preserved
/// next to the log first; what a damaged tail contains never makes recovery throw, but a tail that cannot be
/// preserved or cut does (a <see cref="WalException"/> naming the log, which is then left untouched).
/// </summary>
internal sealed class WalRecovery<TKey, TValue>(
    IFileSystem fs, IFile file, string path, IWalCodec<TKey> keyCodec, IWalCodec<TValue> valueCodec)
    where TKey : notnull
{
    private const int FileExists = 17; // EEXIST

    /// <summary>The log's salt (from its header), valid once <see cref="Recover"/> has returned.</summary>
    public uint Salt { get; private set; }

    /// <summary>The log's checkpoint generation (from its header), valid once <see cref="Recover"/> has returned.</summary>
    public uint Generation { get; private set; }

    public RecoveryReport Recover(bool createdNew, Action<TKey, TValue> replay)
    {
        long length = file.Length;
        var reader = new WindowReader(file, length);
        Span<byte> header = stackalloc byte[WalFormat.HeaderSize];
        int headerBytes = reader.Read(0, header);
        if (WalFormat.ValidateHeader(header[..headerBytes], keyCodec.Name, valueCodec.Name) is { } problem)
        {
            throw new WalFormatException($"The file '{path}' cannot be opened as a WAL: {problem}.", path);
        }

        Salt = WalFormat.ReadSalt(header);
        Generation = WalFormat.ReadGeneration(header);
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
            copy = PreserveTail(reader, offset, discarded, reason!);
            try
            {
                file.SetLength(offset);
                file.Sync(dataOnly: false);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                WalIo.TryDelete(fs, copy);
                throw new WalException(
                    $"Cannot cut the damaged tail of the WAL '{path}' ({discarded:N0} bytes from offset {offset}: {reason}): " +
                    $"{e.Message} {WalIo.Advice(e, Directory)}", path, e);
            }
        }

        return new RecoveryReport(createdNew, records, offset, discarded, reason, copy);
    }

    private string Directory => Path.GetDirectoryName(path) ?? ".";

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
        uint check = BinaryPrimitives.ReadUInt32LittleEndian(head[4..]);
        if (bodyLength is < WalFormat.MinBodySize or > WalFormat.MaxBodySize)
        {
            return Describe(offset, $"invalid record length {bodyLength}");
        }

        if (bodyLength > length - offset - WalFormat.RecordHeaderSize)
        {
            return Describe(offset, $"record of {bodyLength} bytes runs past the end of the file (torn write)");
        }

        ReadOnlySpan<byte> body = reader.Slice(offset + WalFormat.RecordHeaderSize, (int)bodyLength);
        if ((Crc32C.Compute(body) ^ WalFormat.PositionTerm(Salt, offset, (int)bodyLength)) != check)
        {
            return Describe(offset, "checksum mismatch (a damaged record, or one that belongs elsewhere: lost, repeated or stale)");
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

    // The copy is made durable before the log is cut: a record lost from the middle of a log leaves valid records
    // behind it, and those must survive a crash during recovery. A copy that cannot be made is removed, and the log
    // is left as it is.
    private string PreserveTail(WindowReader reader, long offset, long count, string reason)
    {
        string copy = string.Create(CultureInfo.InvariantCulture, $"{path}.discarded-{DateTime.UtcNow:yyyyMMddTHHmmssfff}");
        try
        {
            using (var output = CreateUnique(ref copy))
            {
                var chunk = new byte[Math.Min(count, 1 << 20)];
                for (long done = 0; done < count;)
                {
                    int n = (int)Math.Min(chunk.Length, count - done);
                    reader.Read(offset + done, chunk.AsSpan(0, n));
                    output.Write(chunk.AsSpan(0, n), done);
                    done += n;
                }

                output.Sync(dataOnly: false);
            }

            fs.SyncDirectory(Directory);
            return copy;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            WalIo.TryDelete(fs, copy);
            throw new WalException(
                $"Recovery of the WAL '{path}' must cut off a damaged tail ({count:N0} bytes from offset {offset}: {reason}) " +
                $"but cannot preserve it in '{copy}': {e.Message} {WalIo.Advice(e, Directory)} The log is left untouched; " +
                "open the table again once the directory can take the copy.",
                path, e);
        }
    }

    // A copy left by an earlier recovery in the same millisecond keeps its name; this one gets a numbered suffix.
    private IFile CreateUnique(ref string copy)
    {
        string name = copy;
        for (int attempt = 2; ; attempt++)
        {
            try
            {
                return fs.Open(copy, FileOpenMode.CreateNew);
            }
            catch (IOException e) when (e.HResult == FileExists && attempt < 100)
            {
                copy = string.Create(CultureInfo.InvariantCulture, $"{name}-{attempt}");
            }
        }
    }

    /// <summary>Sequential reads through a 1 MiB window, so recovery does not issue a system call per record.</summary>
    private sealed class WindowReader(IFile file, long length)
    {
        private byte[] _window = new byte[Math.Clamp(length, 4096, 1 << 20)]; // small logs, small windows
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
                    int n = file.Read(_window.AsSpan(got, want - got), offset + got);
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
