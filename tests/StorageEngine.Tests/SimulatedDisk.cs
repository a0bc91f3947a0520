using StorageEngine.IO;

namespace StorageEngine.Tests;

/// <summary>What survives of the writes and directory changes made since their last sync when the power goes.</summary>
public enum PowerLoss
{
    /// <summary>Nothing unsynced survives.</summary>
    DropAll,

    /// <summary>Everything reached the platter just in time.</summary>
    KeepAll,

    /// <summary>Sectors reached the disk in the order they were written, up to a random point.</summary>
    TearInOrder,

    /// <summary>Later sectors survived and earlier ones did not (the device reordered its queue).</summary>
    TearReversed,

    /// <summary>Each sector (and each directory change) survived or not, at random: any order.</summary>
    TearAnyOrder,

    /// <summary>As <see cref="TearAnyOrder"/>, but file sizes grew to cover every write: lost sectors read as zeros.</summary>
    TearSizeKept,

    /// <summary>As <see cref="TearSizeKept"/>, but lost sectors inside the file read as garbage.</summary>
    TearGarbage,
}

/// <summary>
/// A disk in memory in the spirit of SQLite's crash-test VFS. It keeps what was synced apart from what was only
/// written, counts every operation that changes it, and "loses power" after a chosen number of them: from then on
/// every call throws. <see cref="AfterPowerLoss"/> then builds the disk a reboot would find: every write since its
/// file's last sync dropped, kept, or torn at 512-byte sectors in any order, and every directory change (create,
/// rename, delete) since its directory's last sync dropped or kept. Reads see what the program wrote.
/// </summary>
internal sealed class SimulatedDisk : IFileSystem
{
    public const int SectorSize = 512;

    private readonly HashSet<string> _directories = new(StringComparer.Ordinal);
    private readonly Dictionary<string, Inode> _names = new(StringComparer.Ordinal);        // what the program sees
    private readonly Dictionary<string, Inode> _durableNames = new(StringComparer.Ordinal); // what a reboot finds
    private readonly List<DirectoryChange> _pendingDirectoryChanges = [];
    private readonly Lock _gate = new();

    /// <summary>A disk holding the given directories (durably), whose power fails after <paramref name="powerFailsAfter"/> changes.</summary>
    public SimulatedDisk(IEnumerable<string> directories, long powerFailsAfter = long.MaxValue)
    {
        _directories.UnionWith(directories);
        PowerFailsAfter = powerFailsAfter;
    }

    /// <summary>Changing operations performed so far (writes, truncations, syncs, creations, renames, deletions).</summary>
    public long Operations { get; private set; }

    /// <summary>The power fails at the first changing operation after this many (counted in <see cref="Operations"/>).</summary>
    public long PowerFailsAfter { get; set; }

    public bool PowerLost { get; private set; }

    /// <summary>The durable content of a file as a reboot would find it right now, or null when its name is not durable.</summary>
    public byte[]? DurableContent(string path)
    {
        lock (_gate)
        {
            return _durableNames.TryGetValue(path, out var inode) ? inode.Durable.ToArray() : null;
        }
    }

    /// <summary>The content the program sees, or null.</summary>
    public byte[]? Content(string path)
    {
        lock (_gate)
        {
            return _names.TryGetValue(path, out var inode) ? inode.Current.ToArray() : null;
        }
    }

    /// <summary>Puts a file on the disk durably (a fixture).</summary>
    public void Store(string path, byte[] content)
    {
        lock (_gate)
        {
            var inode = new Inode(content);
            _names[path] = inode;
            _durableNames[path] = inode;
        }
    }

    /// <summary>Names of the files the program sees in <paramref name="directory"/>.</summary>
    public IReadOnlyList<string> FileNames(string directory) => ListFiles(directory, "");

    /// <summary>The disk after a power cut now, with <paramref name="loss"/> deciding what unsynced state survived.</summary>
    public SimulatedDisk AfterPowerLoss(PowerLoss loss, int seed)
    {
        lock (_gate)
        {
            var random = new Random(seed);
            var rebooted = new SimulatedDisk(_directories);
            var names = new Dictionary<string, Inode>(_durableNames, StringComparer.Ordinal);
            foreach (var change in _pendingDirectoryChanges)
            {
                if (Survives(loss, random))
                {
                    change.ApplyTo(names);
                }
            }

            var rebuilt = new Dictionary<Inode, byte[]>();
            foreach (var (name, inode) in names)
            {
                if (!rebuilt.TryGetValue(inode, out var content))
                {
                    content = inode.AfterPowerLoss(loss, random);
                    rebuilt[inode] = content;
                }

                rebooted.Store(name, content);
            }

            return rebooted;
        }
    }

    public bool DirectoryExists(string path) => Read(() => _directories.Contains(Normalize(path)));

    public bool FileExists(string path) => Read(() => _names.ContainsKey(path));

    public IFile Open(string path, FileOpenMode mode)
    {
        lock (_gate)
        {
            ThrowIfPowerLost();
            string directory = DirectoryOf(path);
            if (!_directories.Contains(directory))
            {
                throw new DirectoryNotFoundException($"Could not find a part of the path '{path}'.");
            }

            if (_directories.Contains(path))
            {
                throw new UnauthorizedAccessException($"Access to the path '{path}' is denied.");
            }

            bool exists = _names.TryGetValue(path, out var inode);
            switch (mode)
            {
                case FileOpenMode.CreateNew when exists:
                    throw new IOException($"The file '{path}' already exists.", 17);
                case FileOpenMode.OpenExclusive or FileOpenMode.OpenRead when !exists:
                    throw new FileNotFoundException($"Could not find file '{path}'.", path);
                case FileOpenMode.CreateNew or FileOpenMode.CreateOrTruncate when !exists:
                    Change();
                    inode = new Inode();
                    var create = new DirectoryChange(directory, path, null, inode);
                    create.ApplyTo(_names);
                    _pendingDirectoryChanges.Add(create);
                    break;
                case FileOpenMode.CreateOrTruncate:
                    Change();
                    inode!.Truncate(0);
                    break;
            }

            return new SimulatedFile(this, inode!);
        }
    }

    public void Rename(string source, string destination)
    {
        lock (_gate)
        {
            ThrowIfPowerLost();
            if (!_names.ContainsKey(source))
            {
                throw new FileNotFoundException($"Could not find file '{source}'.", source);
            }

            Change();
            var rename = new DirectoryChange(DirectoryOf(destination), destination, source, null);
            rename.ApplyTo(_names);
            _pendingDirectoryChanges.Add(rename);
        }
    }

    public void Delete(string path)
    {
        lock (_gate)
        {
            ThrowIfPowerLost();
            if (!_names.ContainsKey(path))
            {
                return;
            }

            Change();
            var delete = new DirectoryChange(DirectoryOf(path), null, path, null);
            delete.ApplyTo(_names);
            _pendingDirectoryChanges.Add(delete);
        }
    }

    public void SyncDirectory(string path)
    {
        lock (_gate)
        {
            ThrowIfPowerLost();
            Change();
            string directory = Normalize(path);
            foreach (var change in _pendingDirectoryChanges.Where(c => c.Directory == directory).ToList())
            {
                change.ApplyTo(_durableNames);
                _pendingDirectoryChanges.Remove(change);
            }
        }
    }

    public IReadOnlyList<string> ListFiles(string directory, string prefix) => Read(() =>
    {
        string dir = Normalize(directory);
        return (IReadOnlyList<string>)_names.Keys
            .Where(p => DirectoryOf(p) == dir && Path.GetFileName(p).StartsWith(prefix, StringComparison.Ordinal))
            .Select(p => Path.GetFileName(p)).Order(StringComparer.Ordinal).ToList();
    });

    private static bool Survives(PowerLoss loss, Random random) => loss switch
    {
        PowerLoss.DropAll => false,
        PowerLoss.KeepAll => true,
        _ => random.Next(2) == 0,
    };

    private static string DirectoryOf(string path) => Path.GetDirectoryName(path) ?? "/";

    private static string Normalize(string path) => Path.TrimEndingDirectorySeparator(path);

    private T Read<T>(Func<T> read)
    {
        lock (_gate)
        {
            ThrowIfPowerLost();
            return read();
        }
    }

    // Counts a changing operation; the one after the last allowed finds the power gone.
    private void Change()
    {
        if (Operations >= PowerFailsAfter)
        {
            PowerLost = true;
            ThrowIfPowerLost();
        }

        Operations++;
    }

    private void ThrowIfPowerLost()
    {
        if (PowerLost)
        {
            throw new IOException("Input/output error (simulated power loss)", 5);
        }
    }

    /// <summary>A file's data: what was synced, and the changes since, in order.</summary>
    private sealed class Inode
    {
        private readonly List<(long Offset, byte[] Data)> _pending = [];
        private byte[] _current = [];
        private bool _currentIsDurable; // shared with Durable until the first change

        public Inode()
        {
        }

        /// <summary>A file whose content is durable (takes ownership of the array).</summary>
        public Inode(byte[] content)
        {
            _current = content;
            Durable = content;
            Length = content.Length;
            _currentIsDurable = true;
        }

        public int Length { get; private set; }

        public ReadOnlySpan<byte> Current => _current.AsSpan(0, Length);

        public byte[] Durable { get; set; } = [];

        public void Write(ReadOnlySpan<byte> data, long offset)
        {
            SetLength((int)Math.Max(Length, offset + data.Length));
            data.CopyTo(_current.AsSpan((int)offset));
            _pending.Add((offset, data.ToArray()));
        }

        // A truncation is kept as a pending change with no data and the new length as its offset.
        public void Truncate(long length)
        {
            SetLength((int)length);
            _pending.Add((length, []));
        }

        public void Sync()
        {
            Durable = Current.ToArray();
            _pending.Clear();
        }

        public byte[] AfterPowerLoss(PowerLoss loss, Random random)
        {
            var sectors = new List<(long Offset, byte[] Data, int From, int Count)>(); // unsynced writes cut at sector boundaries
            foreach (var (offset, data) in _pending)
            {
                if (data.Length == 0)
                {
                    sectors.Add((offset, data, 0, 0)); // a truncation travels with the sectors, in order
                    continue;
                }

                for (long at = offset; at < offset + data.Length;)
                {
                    long end = Math.Min(offset + data.Length, ((at / SectorSize) + 1) * SectorSize);
                    sectors.Add((at, data, (int)(at - offset), (int)(end - at)));
                    at = end;
                }
            }

            byte[] content = (byte[])Durable.Clone();
            int length = content.Length;
            int tornAt = sectors.Count == 0 ? 0 : random.Next(sectors.Count + 1);
            for (int i = 0; i < sectors.Count; i++)
            {
                var (offset, data, from, count) = sectors[i];
                bool kept = loss switch
                {
                    PowerLoss.DropAll => false,
                    PowerLoss.KeepAll => true,
                    PowerLoss.TearInOrder => i < tornAt,
                    PowerLoss.TearReversed => i >= tornAt,
                    _ => random.Next(2) == 0,
                };
                int end = (int)offset + count;
                if (count == 0)
                {
                    if (kept && offset < length)
                    {
                        Array.Clear(content, (int)offset, length - (int)offset);
                        length = (int)offset;
                    }
                    else if (kept)
                    {
                        Grow(ref content, ref length, (int)offset);
                    }
                }
                else if (kept)
                {
                    Grow(ref content, ref length, end);
                    data.AsSpan(from, count).CopyTo(content.AsSpan((int)offset));
                }
                else if (loss is PowerLoss.TearSizeKept or PowerLoss.TearGarbage && end > length)
                {
                    int start = Math.Max(length, (int)offset);
                    Grow(ref content, ref length, end);
                    if (loss == PowerLoss.TearGarbage)
                    {
                        random.NextBytes(content.AsSpan(start, end - start));
                    }
                }
            }

            return content.AsSpan(0, length).ToArray();
        }

        // Lengthens to at least end; what was beyond the length reads as zeros.
        private static void Grow(ref byte[] content, ref int length, int end)
        {
            if (content.Length < end)
            {
                var bigger = new byte[Math.Max(end, content.Length * 2)];
                content.AsSpan(0, length).CopyTo(bigger);
                content = bigger;
            }

            length = Math.Max(length, end);
        }

        private void SetLength(int length)
        {
            if (_currentIsDurable)
            {
                _current = (byte[])_current.Clone();
                _currentIsDurable = false;
            }

            if (length > _current.Length)
            {
                Array.Resize(ref _current, Math.Max(length, _current.Length * 2));
            }
            else if (length < Length)
            {
                Array.Clear(_current, length, Length - length);
            }

            Length = length;
        }
    }

    /// <summary>A directory change: a creation (no source), a rename, or a deletion (no target).</summary>
    private sealed record DirectoryChange(string Directory, string? Target, string? Source, Inode? Created)
    {
        public void ApplyTo(Dictionary<string, Inode> names)
        {
            Inode? inode = Created;
            if (Source is not null)
            {
                if (!names.Remove(Source, out inode))
                {
                    return; // its source never became durable: nothing to rename or delete
                }
            }

            if (Target is not null && inode is not null)
            {
                names[Target] = inode;
            }
        }
    }

    private sealed class SimulatedFile(SimulatedDisk disk, Inode inode) : IFile
    {
        public long Length => disk.Read(() => (long)inode.Length);

        public int Read(Span<byte> destination, long offset)
        {
            lock (disk._gate)
            {
                disk.ThrowIfPowerLost();
                int n = (int)Math.Clamp(inode.Length - offset, 0, destination.Length);
                inode.Current.Slice((int)offset, n).CopyTo(destination);
                return n;
            }
        }

        public void Write(ReadOnlySpan<byte> source, long offset)
        {
            lock (disk._gate)
            {
                disk.ThrowIfPowerLost();
                disk.Change();
                inode.Write(source, offset);
            }
        }

        public void SetLength(long length)
        {
            lock (disk._gate)
            {
                disk.ThrowIfPowerLost();
                disk.Change();
                inode.Truncate(length);
            }
        }

        public void Sync(bool dataOnly)
        {
            lock (disk._gate)
            {
                disk.ThrowIfPowerLost();
                disk.Change();
                inode.Sync();
            }
        }

        public void StartWriteback(long offset, long count)
        {
            // Writeback promises nothing: an unsynced write may or may not survive a power cut either way.
        }

        public void Dispose()
        {
        }
    }
}
