using StorageEngine.IO;

namespace StorageEngine.Wal;

/// <summary>
/// Early syncs: every <see cref="WalOptions.EarlySyncBytes"/> the log writes, a background thread syncs it through a
/// handle of its own. A sync drains every write cache under the file, which on a virtual disk includes the host's page
/// cache: done once at the end of a batch, it waits for the whole batch to reach the device (measured here: ~40 ms
/// for 80 MB); done along the way, the device works while the inserts go on and the flush's own sync finds little left.
/// It promises nothing: only <see cref="WriteAheadLog{TKey,TValue}.Flush"/>'s sync makes records durable, and since
/// this handle is a separate open file, a write-back error it meets is still reported to the log's own handle.
/// </summary>
internal sealed class BackgroundSync(IFileSystem fs, string path) : IDisposable
{
    private readonly object _gate = new();
    private ISyncHandle? _handle;  // on the current log; opened on the first request after a switch
    private Thread? _thread;
    private bool _requested;
    private bool _stopping;
    private long _syncs;

    /// <summary>Early syncs completed.</summary>
    public long Syncs => Interlocked.Read(ref _syncs);

    /// <summary>Asks for a sync of what was written so far; returns at once (requests made during a sync coalesce).</summary>
    public void Request()
    {
        lock (_gate)
        {
            if (_stopping)
            {
                return;
            }

            _requested = true;
            if (_thread is null)
            {
                _thread = new Thread(Run) { IsBackground = true, Name = "wal-early-sync" };
                _thread.Start();
            }
            else
            {
                Monitor.Pulse(_gate);
            }
        }
    }

    /// <summary>The log was switched (a checkpoint): later syncs open the file now at the log's path.</summary>
    public void LogSwitched()
    {
        ISyncHandle? old;
        lock (_gate)
        {
            (old, _handle) = (_handle, null);
        }

        old?.Dispose(); // a sync still running on it keeps it open until it returns
    }

    public void Dispose()
    {
        Thread? thread;
        lock (_gate)
        {
            _stopping = true;
            Monitor.Pulse(_gate);
            thread = _thread;
        }

        thread?.Join();
        _handle?.Dispose();
    }

    private void Run()
    {
        while (true)
        {
            lock (_gate)
            {
                while (!_requested && !_stopping)
                {
                    Monitor.Wait(_gate);
                }

                if (_stopping)
                {
                    return;
                }

                _requested = false;
            }

            try
            {
                if (Handle() is { } handle)
                {
                    handle.SyncData();
                    Interlocked.Increment(ref _syncs);
                }
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException or ObjectDisposedException)
            {
                // Advisory: the log's own handle reports a write-back error at the flush's sync; a log being switched or
                // closed simply takes no early sync.
            }
        }
    }

    private ISyncHandle? Handle()
    {
        lock (_gate)
        {
            return _handle ??= fs.OpenSyncHandle(path);
        }
    }
}
