using System.Buffers.Binary;
using System.Globalization;
using System.Numerics;
using Microsoft.Win32.SafeHandles;
using StorageEngine.IO;

namespace StorageEngine.Wal;

/// <summary>One append buffer of the log, with the lock that orders its records.</summary>
internal sealed class WalStripe(int capacity)
{
    public readonly Lock Sync = new();
    public byte[] Buffer = new byte[capacity];
    public int Length;
}

/// <summary>
/// The write-ahead log behind a table. Records are appended to per-stripe buffers under the stripe's lock (the
/// caller applies the change to its map under the same lock, so per-key log order equals apply order); full
/// buffers are written to the file; <see cref="Flush"/> writes every buffer and issues one sync: group commit.
/// </summary>
internal sealed class WriteAheadLog<TKey, TValue> : IDisposable
    where TKey : notnull
{
    private readonly IWalCodec<TKey> _keyCodec;
    private readonly IWalCodec<TValue> _valueCodec;
    private readonly IEqualityComparer<TKey>? _comparer; // null: the default comparer (devirtualized below)
    private readonly WalStripe[] _stripes;
    private readonly int _stripeShift;
    private readonly SafeFileHandle _handle;
    private readonly string _path;
    private readonly WalSyncMode _syncMode;
    private readonly Action<WalIoOperation>? _faults;
    private readonly RunDirectory? _ownedDirectory;
    private readonly Lock _fileLock = new();   // orders writes to the file (guards _tail)
    private readonly Lock _flushLock = new();  // one flush at a time; late arrivals piggyback

    private long _tail;              // next write offset; guarded by _fileLock
    private long _syncedTail;        // bytes known durable; guarded by _flushLock
    private long _flushesStarted;
    private long _bytesWritten;
    private long _flushes;
    private long _syncs;
    private volatile Exception? _failure;
    private volatile bool _disposed;

    private WriteAheadLog(WalOptions options, int stripeCount, IWalCodec<TKey> keyCodec, IWalCodec<TValue> valueCodec,
        IEqualityComparer<TKey>? comparer, SafeFileHandle handle, string path, RunDirectory? ownedDirectory)
    {
        _keyCodec = keyCodec;
        _valueCodec = valueCodec;
        _comparer = comparer;
        int count = (int)BitOperations.RoundUpToPowerOf2((uint)stripeCount);
        _stripeShift = 32 - BitOperations.Log2((uint)count);
        _stripes = new WalStripe[count];
        for (int i = 0; i < count; i++)
        {
            _stripes[i] = new WalStripe(options.BufferSize);
        }

        _handle = handle;
        _path = path;
        _syncMode = options.SyncMode;
        _faults = options.FaultInjector;
        _ownedDirectory = ownedDirectory;
        Info = null!; // set by Open once recovery has run
    }

    public WalInfo Info { get; private set; }

    public WalStripe SingleStripe => _stripes[0];

    /// <summary>
    /// Opens (or creates) the log and replays every valid record through <paramref name="replay"/>, in file order.
    /// A torn or corrupted tail is cut off (and preserved next to the log); it never makes this throw.
    /// </summary>
    public static WriteAheadLog<TKey, TValue> Open(WalOptions options, int stripeCount, IWalCodec<TKey>? keyCodec,
        IWalCodec<TValue>? valueCodec, IEqualityComparer<TKey>? comparer, Action<TKey, TValue> replay)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        keyCodec ??= WalCodecs.Default<TKey>();
        valueCodec ??= WalCodecs.Default<TValue>();

        RunDirectory? owned = options.Directory is null ? RunDirectory.Create("wal") : null;
        string directory = owned?.Path ?? Path.GetFullPath(options.Directory!);
        string path = Path.Combine(directory, options.FileName);
        SafeFileHandle? handle = null;
        try
        {
            byte[] header = WalFormat.BuildHeader(keyCodec.Name, valueCodec.Name);
            bool createdNew = EnsureExists(directory, path, header);
            handle = OpenExclusive(path);
            var wal = new WriteAheadLog<TKey, TValue>(options, stripeCount, keyCodec, valueCodec,
                comparer is null || ReferenceEquals(comparer, EqualityComparer<TKey>.Default) ? null : comparer, handle, path, owned);
            var recovery = wal.Recover(createdNew, replay);
            wal._tail = recovery.ValidBytes;
            wal._syncedTail = recovery.ValidBytes;
            wal.Info = new WalInfo(path, FileSystemProbe.GetFileSystemType(path), WalIo.SyncCallName(options.SyncMode),
                recovery, () => (Interlocked.Read(ref wal._bytesWritten), Interlocked.Read(ref wal._flushes), Interlocked.Read(ref wal._syncs)));
            return wal;
        }
        catch
        {
            handle?.Dispose();
            owned?.Dispose();
            throw;
        }
    }

    /// <summary>The stripe a key always logs to.</summary>
    public WalStripe StripeFor(TKey key)
    {
        // Fibonacci hashing spreads sequential integer keys over the stripes.
        int raw = _comparer is null ? EqualityComparer<TKey>.Default.GetHashCode(key) : _comparer.GetHashCode(key);
        uint hash = (uint)raw * 2654435769u;
        return _stripes[_stripeShift == 32 ? 0 : (int)(hash >> _stripeShift)];
    }

    /// <summary>Appends a put record to <paramref name="stripe"/>. The caller holds <c>stripe.Sync</c>.</summary>
    public void Append(WalStripe stripe, TKey key, TValue value)
    {
        ThrowIfUnusable();
        int keyBytes = _keyCodec.GetByteCount(key);
        int valueBytes = _valueCodec.GetByteCount(value);
        long body = 1L + keyBytes + valueBytes;
        if (body > WalFormat.MaxBodySize)
        {
            throw new ArgumentException(
                $"A record of {body:N0} bytes exceeds the WAL's limit of {WalFormat.MaxBodySize:N0} bytes.", nameof(value));
        }

        int total = WalFormat.RecordHeaderSize + (int)body;
        if (stripe.Length + total > stripe.Buffer.Length)
        {
            if (stripe.Length > 0)
            {
                WriteOut(stripe);
            }

            if (total > stripe.Buffer.Length)
            {
                stripe.Buffer = new byte[total];
            }
        }

        Span<byte> record = stripe.Buffer.AsSpan(stripe.Length, total);
        Span<byte> payload = record[WalFormat.RecordHeaderSize..];
        payload[0] = WalFormat.PutRecord;
        _keyCodec.Write(key, payload.Slice(1, keyBytes));
        _valueCodec.Write(value, payload.Slice(1 + keyBytes, valueBytes));
        BinaryPrimitives.WriteUInt32LittleEndian(record, (uint)body);
        BinaryPrimitives.WriteUInt32LittleEndian(record[4..], Crc32C.Compute(payload));
        stripe.Length += total;
    }

    /// <summary>Makes every record appended before this call durable: write all buffers, then one sync.</summary>
    public void Flush()
    {
        ThrowIfUnusable();
        // Full fence: our appends (released under stripe locks) are ordered before this read.
        long arrival = Interlocked.CompareExchange(ref _flushesStarted, 0, 0);
        lock (_flushLock)
        {
            ThrowIfUnusable();
            if (Interlocked.Read(ref _flushesStarted) > arrival)
            {
                // A flush began after this call did and has finished (flushes run under _flushLock),
                // so it collected our records: group commit, no second sync.
                return;
            }

            Interlocked.Increment(ref _flushesStarted);
            foreach (var stripe in _stripes)
            {
                lock (stripe.Sync)
                {
                    if (stripe.Length > 0)
                    {
                        WriteOut(stripe);
                    }
                }
            }

            long target;
            lock (_fileLock)
            {
                target = _tail;
            }

            if (target > _syncedTail)
            {
                try
                {
                    _faults?.Invoke(WalIoOperation.Sync);
                    WalIo.Sync(_handle, _syncMode);
                }
                catch (Exception e) when (e is IOException or UnauthorizedAccessException)
                {
                    throw Fail("sync", e);
                }

                _syncedTail = target;
                Interlocked.Increment(ref _syncs);
            }

            Interlocked.Increment(ref _flushes);
        }
    }

    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        try
        {
            if (_failure is null)
            {
                Flush(); // a clean close makes everything durable
            }
        }
        finally
        {
            _disposed = true;
            _handle.Dispose();
            _ownedDirectory?.Dispose();
        }
    }

    // Caller holds stripe.Sync, so no later record of this stripe can reach the file before these.
    private void WriteOut(WalStripe stripe)
    {
        lock (_fileLock)
        {
            ThrowIfUnusable();
            try
            {
                _faults?.Invoke(WalIoOperation.Write);
                RandomAccess.Write(_handle, stripe.Buffer.AsSpan(0, stripe.Length), _tail);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw Fail("write", e);
            }

            _tail += stripe.Length;
            Interlocked.Add(ref _bytesWritten, stripe.Length);
        }

        stripe.Length = 0;
    }

    private WalFailedException Fail(string operation, Exception cause)
    {
        var failure = new WalFailedException(
            $"The WAL '{_path}' failed during {operation}: {cause.Message} The table refuses further inserts and flushes; " +
            "everything flushed before this failure is on disk, reopen the table to recover it.",
            _path, cause);
        _failure ??= failure;
        return failure;
    }

    private void ThrowIfUnusable()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (_failure is { } failure)
        {
            throw new WalFailedException(failure.Message, _path, failure.InnerException);
        }
    }

    private static bool EnsureExists(string directory, string path, byte[] header)
    {
        if (!Directory.Exists(directory))
        {
            throw new WalException(
                $"WAL directory '{directory}' does not exist. Create it, or leave WalOptions.Directory null to get a private run directory.",
                directory);
        }

        if (Directory.Exists(path))
        {
            throw new WalException($"WAL path '{path}' is a directory, not a log file.", path);
        }

        var existing = new FileInfo(path);
        if (existing.Exists && existing.Length > 0)
        {
            return false;
        }

        // Create atomically: a crash leaves either no log or a complete header, never half a header.
        string temp = path + ".creating";
        try
        {
            using (var handle = File.OpenHandle(temp, FileMode.Create, FileAccess.Write, FileShare.None))
            {
                RandomAccess.Write(handle, header, 0);
                RandomAccess.FlushToDisk(handle);
            }

            File.Move(temp, path, overwrite: true);
            WalIo.SyncDirectory(directory);
            return true;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            TryDelete(temp);
            throw new WalException($"Cannot create the WAL '{path}': {e.Message} Is the directory '{directory}' writable?", path, e);
        }
    }

    private static SafeFileHandle OpenExclusive(string path)
    {
        try
        {
            // FileShare.None takes an exclusive advisory lock on Unix: two tables on one log would corrupt it.
            return File.OpenHandle(path, FileMode.Open, FileAccess.ReadWrite, FileShare.None);
        }
        catch (IOException e) when (File.Exists(path))
        {
            throw new WalException($"Cannot open the WAL '{path}': {e.Message} Is another table or process using it?", path, e);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new WalException($"Cannot open the WAL '{path}': {e.Message}", path, e);
        }
    }

    private RecoveryReport Recover(bool createdNew, Action<TKey, TValue> replay)
    {
        long length = RandomAccess.GetLength(_handle);
        var reader = new WindowReader(_handle, length);
        Span<byte> header = stackalloc byte[WalFormat.HeaderSize];
        int headerBytes = reader.Read(0, header);
        if (WalFormat.ValidateHeader(header[..headerBytes], _keyCodec.Name, _valueCodec.Name) is { } problem)
        {
            throw new WalFormatException($"The file '{_path}' cannot be opened as a WAL: {problem}.", _path);
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
                RandomAccess.SetLength(_handle, offset);
                WalIo.Sync(_handle, WalSyncMode.Full);
            }
            catch (IOException e)
            {
                throw new WalException($"Cannot truncate the damaged tail of the WAL '{_path}': {e.Message}", _path, e);
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
            key = _keyCodec.Read(body[1..], out int keyBytes);
            value = _valueCodec.Read(body[(1 + keyBytes)..], out int valueBytes);
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
        string copy = string.Create(CultureInfo.InvariantCulture, $"{_path}.discarded-{DateTime.UtcNow:yyyyMMddTHHmmssfff}");
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

    private static void TryDelete(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (IOException)
        {
        }
        catch (UnauthorizedAccessException)
        {
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
