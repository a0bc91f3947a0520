using StorageEngine.IO;

namespace StorageEngine.Wal;

/// <summary>Checkpoints: a snapshot of the table and a fresh log, so disk use and recovery time stay bounded.</summary>
internal sealed partial class WriteAheadLog<TKey, TValue>
{
    private readonly Lock _checkpointLock = new(); // one checkpoint at a time, so snapshots are written in order

    /// <summary>
    /// Writes a snapshot of the table (<paramref name="capture"/> returns its entries) and starts a fresh log. Writers
    /// are held only while the old log is synced, the state captured and the new log put in place; the snapshot is
    /// written after they resume. Every step is crash-safe: recovery finds either the old log (with everything a
    /// completed flush covered) or the snapshot and the logs after it (see <see cref="LogFiles"/>).
    /// </summary>
    /// <exception cref="WalFailedException">The log switch failed half-way; the table refuses further work (reopen it to recover).</exception>
    /// <exception cref="WalException">The new log or the snapshot could not be written; the table goes on (with the old or the new log).</exception>
    public void Checkpoint(Func<IReadOnlyList<KeyValuePair<TKey, TValue>>> capture)
    {
        ThrowIfUnusable();
        lock (_checkpointLock)
        {
            IReadOnlyList<KeyValuePair<TKey, TValue>> state;
            uint generation;
            lock (_flushLock)
            {
                ThrowIfUnusable();
                foreach (var stripe in _stripes)
                {
                    stripe.Sync.Enter();
                }

                try
                {
                    SyncEverything();
                    _hooks?.Checkpoint(CheckpointStage.OldLogSynced);
                    state = capture();
                    generation = _generation + 1;
                    SwitchLog(generation);
                }
                finally
                {
                    for (int i = _stripes.Length - 1; i >= 0; i--)
                    {
                        _stripes[i].Sync.Exit();
                    }
                }
            }

            _hooks?.Checkpoint(CheckpointStage.LogSwitched);
            try
            {
                SnapshotFile.Write(_fs, _files, generation, _codec, state, _hooks);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw new WalException(
                    $"The checkpoint of the WAL '{_path}' could not write its snapshot '{_files.Snapshot(generation)}': {e.Message} " +
                    $"{WalIo.Advice(e, _files.Directory)} Nothing is lost: the previous snapshot and the logs after it are kept.",
                    _files.Snapshot(generation), e);
            }

            _hooks?.Checkpoint(CheckpointStage.SnapshotDurable);
            DeleteObsolete(generation);
            _hooks?.Checkpoint(CheckpointStage.ObsoleteFilesDeleted);
        }
    }

    // Every stripe lock and the flush lock are held: write every buffer and sync, so the old log is complete.
    private void SyncEverything()
    {
        foreach (var stripe in _stripes)
        {
            if (stripe.Length > 0)
            {
                WriteOut(stripe);
            }
        }

        SyncTo(_tail);
    }

    // The new log is created under a temporary name and synced; the old log is renamed to its archive name (directory
    // synced, so the archive exists before the new log can take the name), then the new log is renamed into place
    // (directory synced). A crash in between leaves no current log: recovery then starts a new one after the archive.
    private void SwitchLog(uint generation)
    {
        string temp = LogFiles.Temporary(_path);
        uint salt = WalFormat.NewSalt();
        try
        {
            using var file = _fs.Open(temp, FileOpenMode.CreateOrTruncate);
            file.Write(WalFormat.BuildHeader(_codec.Keys.Name, _codec.Values.Name, salt, generation), 0);
            file.Sync(dataOnly: false);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            WalIo.TryDelete(_fs, temp); // nothing else changed: the table goes on with its log
            throw new WalException($"The checkpoint of the WAL '{_path}' could not create the new log '{temp}': {e.Message} " +
                WalIo.Advice(e, _files.Directory), _path, e);
        }

        _hooks?.Checkpoint(CheckpointStage.NewLogSynced);
        IFile? next = null;
        try
        {
            _fs.Rename(_path, _files.ArchivedLog(generation - 1));
            _fs.SyncDirectory(_files.Directory);
            _hooks?.Checkpoint(CheckpointStage.OldLogArchived);
            _fs.Rename(temp, _path);
            _fs.SyncDirectory(_files.Directory);
            next = WalIo.OpenExclusive(_fs, _path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            next?.Dispose();
            throw Fail("checkpoint (switching to a new log)", e);
        }

        lock (_fileLock)
        {
            _file.Dispose();
            _file = next;
            _salt = salt;
            _tail = WalFormat.HeaderSize;
            _syncedTail = WalFormat.HeaderSize;
            _writebackFrom = WalFormat.HeaderSize;
            _earlySyncFrom = WalFormat.HeaderSize;
            Volatile.Write(ref _generation, generation);
        }

        _backgroundSync.LogSwitched();
    }

    // Keeps the new snapshot, the one before it and the logs between them (a fallback if the new one is ever damaged).
    private void DeleteObsolete(uint generation)
    {
        var (logs, snapshots, _) = _files.Scan(_fs);
        foreach (uint g in snapshots.Where(g => g + 1 < generation))
        {
            WalIo.TryDelete(_fs, _files.Snapshot(g));
        }

        foreach (uint g in logs.Where(g => g + 1 < generation))
        {
            WalIo.TryDelete(_fs, _files.ArchivedLog(g));
        }
    }
}
