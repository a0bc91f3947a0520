using System.Numerics;
using StorageEngine.IO;

namespace StorageEngine.Wal;

/// <summary>
/// The write-ahead log behind a table. Records are appended to per-stripe buffers under the stripe's lock (the
/// caller applies the change to its map under the same lock, so per-key log order equals apply order); full
/// buffers are written to the file, each record's check bound to the offset it lands at; <see cref="Flush"/>
/// writes every buffer and issues one sync: group commit. <see cref="Checkpoint"/> (in WriteAheadLog.Checkpoint.cs)
/// starts a fresh log after a snapshot.
/// </summary>
internal sealed partial class WriteAheadLog<TKey, TValue> : IDisposable
    where TKey : notnull
{
    private readonly RecordCodec<TKey, TValue> _codec;
    private readonly IEqualityComparer<TKey>? _comparer; // null: the default comparer (devirtualized below)
    private readonly WalStripe[] _stripes;
    private readonly int _stripeShift;
    private readonly IFileSystem _fs;
    private readonly LogFiles _files;
    private readonly string _path;
    private readonly bool _syncDataOnly;
    private readonly int _writebackBytes;
    private readonly int _earlySyncBytes;
    private readonly BackgroundSync _backgroundSync;
    private readonly WalTestHooks? _hooks;
    private readonly RunDirectory? _ownedDirectory;
    private readonly Lock _fileLock = new();   // orders writes to the file (guards _tail)
    private readonly Lock _flushLock = new();  // one flush at a time; late arrivals piggyback

    private IFile _file;             // the current log; replaced by a checkpoint under every lock
    private uint _salt;              // of the current log; records' checks bind to it
    private uint _generation;        // of the current log: checkpoints so far
    private long _tail;              // next write offset; guarded by _fileLock
    private long _syncedTail;        // bytes known durable; guarded by _flushLock
    private long _writebackFrom;     // start of the bytes not yet handed to the kernel's writeback; guarded by _fileLock
    private long _earlySyncFrom;     // end of the bytes the last early sync was asked for; guarded by _fileLock
    private long _flushesStarted;
    private long _bytesWritten;
    private long _flushes;
    private long _syncs;
    private volatile Exception? _failure;
    private volatile bool _disposed;

    private WriteAheadLog(WalOptions options, int stripeCount, RecordCodec<TKey, TValue> codec,
        IEqualityComparer<TKey>? comparer, IFile file, LogFiles files, RunDirectory? ownedDirectory)
    {
        _codec = codec;
        _comparer = comparer;
        int count = (int)BitOperations.RoundUpToPowerOf2((uint)stripeCount);
        _stripeShift = 32 - BitOperations.Log2((uint)count);
        _stripes = new WalStripe[count];
        for (int i = 0; i < count; i++)
        {
            _stripes[i] = new WalStripe(options.BufferSize);
        }

        _fs = options.FileSystem;
        _file = file;
        _files = files;
        _path = files.Current;
        _syncDataOnly = options.SyncMode == WalSyncMode.DataOnly;
        _writebackBytes = options.WritebackBytes;
        _earlySyncBytes = options.EarlySyncBytes;
        _backgroundSync = new BackgroundSync(options.FileSystem, files.Current);
        _hooks = options.Hooks;
        _ownedDirectory = ownedDirectory;
        Info = null!; // set by Open once recovery has run
    }

    public WalInfo Info { get; private set; }

    public WalStripe SingleStripe => _stripes[0];

    /// <summary>
    /// Opens (or creates) the log and replays every valid record through <paramref name="replay"/>, in file order.
    /// A tail from the first record that is not the one expected there is cut off, after it is preserved next to the log.
    /// After a checkpoint, recovery starts from the newest valid snapshot (see <see cref="WalRecovery{TKey,TValue}"/>).
    /// </summary>
    public static WriteAheadLog<TKey, TValue> Open(WalOptions options, int stripeCount, IWalCodec<TKey>? keyCodec,
        IWalCodec<TValue>? valueCodec, IEqualityComparer<TKey>? comparer, Action<TKey, TValue> replay)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        var codec = new RecordCodec<TKey, TValue>(keyCodec ?? WalCodecs.Default<TKey>(), valueCodec ?? WalCodecs.Default<TValue>());

        RunDirectory? owned = options.Directory is null ? RunDirectory.Create("wal") : null;
        string directory = owned?.Path ?? Path.GetFullPath(options.Directory!);
        var files = new LogFiles(directory, options.FileName);
        string path = files.Current;
        var fs = options.FileSystem;
        IFile? file = null;
        try
        {
            uint generation = WalRecovery<TKey, TValue>.NextGeneration(fs, files);
            byte[] header = WalFormat.BuildHeader(codec.Keys.Name, codec.Values.Name, WalFormat.NewSalt(), generation);
            bool createdNew = WalIo.EnsureExists(fs, directory, path, header);
            file = WalIo.OpenExclusive(fs, path);
            var wal = new WriteAheadLog<TKey, TValue>(options, stripeCount, codec,
                comparer is null || ReferenceEquals(comparer, EqualityComparer<TKey>.Default) ? null : comparer, file, files, owned);
            var recovery = new WalRecovery<TKey, TValue>(fs, files, file, codec);
            var report = recovery.Recover(createdNew, replay);
            wal._salt = recovery.Salt;
            wal._generation = recovery.Generation;
            wal._tail = report.ValidBytes;
            wal._syncedTail = report.ValidBytes;
            wal._writebackFrom = report.ValidBytes;
            wal._earlySyncFrom = report.ValidBytes;
            string fileSystemType = fs is OsFileSystem ? FileSystemProbe.GetFileSystemType(path) : "simulated";
            wal.Info = new WalInfo(path, fileSystemType, OsFileSystem.SyncCallName(wal._syncDataOnly), report,
                () => (Interlocked.Read(ref wal._bytesWritten), Interlocked.Read(ref wal._flushes), Interlocked.Read(ref wal._syncs),
                    wal._backgroundSync.Syncs, Volatile.Read(ref wal._generation)));
            return wal;
        }
        catch
        {
            file?.Dispose();
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

    public int StripeCount => _stripes.Length;

    /// <summary>Index of the stripe a key always logs to.</summary>
    public int StripeIndex(TKey key) => Array.IndexOf(_stripes, StripeFor(key));

    /// <summary>Appends a put record to <paramref name="stripe"/>. The caller holds <c>stripe.Sync</c>.</summary>
    public void Append(WalStripe stripe, TKey key, TValue value)
    {
        ThrowIfUnusable();
        int total = _codec.PutSize(key, value, out int keyBytes);
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

        _codec.WritePut(stripe.Buffer.AsSpan(stripe.Length, total), key, value, keyBytes); // bound to its offset at write-out
        stripe.Length += total;
        _hooks?.RecordAppended(stripe);
    }

    /// <summary>Makes every record appended before this call durable: write all buffers, then one sync.</summary>
    public void Flush()
    {
        ThrowIfUnusable();
        // Full fence: our appends (released under stripe locks) are ordered before this read.
        long arrival = Interlocked.CompareExchange(ref _flushesStarted, 0, 0);
        _hooks?.FlushArrived();
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

            _hooks?.BeforeSync();
            SyncTo(target);
            Interlocked.Increment(ref _flushes);
        }
    }

    // The flush lock is held: makes the file durable up to target, unless an earlier sync already did.
    private void SyncTo(long target)
    {
        if (target <= _syncedTail)
        {
            return;
        }

        try
        {
            _file.Sync(_syncDataOnly);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw Fail("sync", e);
        }

        _syncedTail = target;
        Interlocked.Increment(ref _syncs);
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
            _backgroundSync.Dispose();
            _file.Dispose();
            _ownedDirectory?.Dispose();
            ReturnBuffers();
        }
    }

    // Each stripe's lock is taken once more: an insert that passed its disposed check before _disposed was set is
    // done with the buffer by then, and a later one throws (it checks under the lock), so no log writes into a buffer
    // another log has rented.
    private void ReturnBuffers()
    {
        foreach (var stripe in _stripes)
        {
            byte[] buffer;
            lock (stripe.Sync)
            {
                (buffer, stripe.Buffer, stripe.Length) = (stripe.Buffer, [], 0);
            }

            BufferPool.Return(buffer);
        }
    }

    // Caller holds stripe.Sync, so no later record of this stripe can reach the file before these (and no checkpoint
    // can switch the file).
    private void WriteOut(WalStripe stripe)
    {
        long writebackFrom = -1;
        long writebackTo = 0;
        bool earlySync = false;
        lock (_fileLock)
        {
            ThrowIfUnusable();
            var records = stripe.Buffer.AsSpan(0, stripe.Length);
            WalFormat.BindToPosition(records, _tail, _salt);
            try
            {
                _file.Write(records, _tail);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw Fail("write", e);
            }

            _tail += stripe.Length;
            Interlocked.Add(ref _bytesWritten, stripe.Length);
            if (_writebackBytes > 0 && _tail - _writebackFrom >= _writebackBytes)
            {
                (writebackFrom, writebackTo, _writebackFrom) = (_writebackFrom, _tail, _tail);
            }

            if (_earlySyncBytes > 0 && _tail - _earlySyncFrom >= _earlySyncBytes)
            {
                _earlySyncFrom = _tail;
                earlySync = true;
            }
        }

        if (writebackFrom >= 0)
        {
            _file.StartWriteback(writebackFrom, writebackTo - writebackFrom); // outside the file lock: it may queue for the device
        }

        if (earlySync)
        {
            _backgroundSync.Request();
        }

        _hooks?.BufferWritten(stripe);
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
}
