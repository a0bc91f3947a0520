using System.Diagnostics;
using System.Globalization;
using MeasurementLab;
using StorageEngine.IO;
using StorageEngine.Wal;

namespace StorageEngine.Benchmarks;

/// <summary>
/// The realistic workload in a plain loop, batch after batch, printing what each batch cost: the target of
/// <c>scripts/profile.sh</c> (perf sampling wants a long, steady run without BenchmarkDotNet's processes around it),
/// and a quick way to watch the log grow, the page cache fill, or a checkpoint keep both bounded.
/// </summary>
public static class InsertLoopCommand
{
    public const string Usage = """
        Usage: dotnet run -c Release -- insert-loop [options]

        Inserts the realistic workload (500,000 random keys in [0, 1,000,000), Row.Generate rows) into one table,
        batch after batch, and prints per batch: ns per insert (and per flush), inserts/s, CPU time per insert
        (all threads), the log's size and the kernel's dirty page cache.

        Options:
          --table striped|lock     the table (default: striped)
          --threads N              inserting threads, 1..64, must divide 500,000 (default: 1)
          --wal on|off|discard     log to a WAL in a private run directory, or not; discard: log, but let every
                                   write past the header go nowhere (the engine's work without the kernel's)
                                   (default: on)
          --batches N              batches to run, 1..100,000 (default: 20)
          --flush                  FlushWAL after each batch, timed (the durable batch)
          --checkpoint             Checkpoint after each batch, untimed: the log holds one batch (steady state)
          --fresh                  a new table (and a new log) for every batch, its creation untimed
          --capacity N             size the table's map for N keys up front, 0..10,000,000 (default: 0, it grows)
          --stripes N              WAL stripes, 1..4096 (default: the engine's)
          --buffer-kib N           WAL buffer per stripe in KiB, 4..65536 (default: the engine's)
          --writeback-kib N        start the kernel's writeback every N KiB written, 0 = never (default: the engine's)
          --early-sync-kib N       sync in the background every N KiB written, 0 = never (default: the engine's)

        Example (profile the steady state): scripts/profile.sh -- dotnet shared/StorageEngine.Benchmarks/bin/Release/net10.0/StorageEngine.Benchmarks.dll insert-loop --checkpoint --batches 40
        """;

    public static SubCommand Command { get; } = new("insert-loop",
        "the realistic workload batch after batch, cost per insert and log size per batch (a target for scripts/profile.sh)", Run, Usage);

    private sealed record Settings(bool Striped, int Threads, bool Wal, bool Discard, int Batches, bool Flush, bool Checkpoint,
        bool Fresh, int Capacity, int? Stripes, int? BufferKib, int? WritebackKib, int? EarlySyncKib);

    public static int Run(string[] args)
    {
        var settings = Parse(args);
        var (keys, rows) = Workload.Generate();
        using var run = RunDirectory.Create("insert-loop");
        using var gang = new WorkerGang(settings.Threads, "insert-loop");
        Console.WriteLine($"# {settings}");
        Console.WriteLine("batch  insert-ns  flush-ns  inserts/s  cpu-ns  log-MB  dirty-MB  gc0/1/2");
        ITable<int, Row>? table = null;
        try
        {
            for (int batch = 0; batch < settings.Batches; batch++)
            {
                if (table is null || settings.Fresh)
                {
                    table?.Dispose();
                    foreach (string file in Directory.GetFiles(run.Path))
                    {
                        File.Delete(file); // a fresh table starts a new log, as DurableBatch's fresh rows do
                    }

                    table = Create(settings, run.Path);
                }

                var current = table;
                int share = Workload.N / settings.Threads;
                var cpu = Process.GetCurrentProcess().TotalProcessorTime;
                var collections = (GC.CollectionCount(0), GC.CollectionCount(1), GC.CollectionCount(2));
                long start = Stopwatch.GetTimestamp();
                gang.Run(t =>
                {
                    for (int i = t * share; i < (t + 1) * share; i++)
                    {
                        current.Insert(keys[i], rows[i]);
                    }
                });
                long inserted = Stopwatch.GetTimestamp();
                if (settings.Flush)
                {
                    current.FlushWAL();
                }

                long end = Stopwatch.GetTimestamp();
                var cpuUsed = Process.GetCurrentProcess().TotalProcessorTime - cpu;
                string gcs = $"{GC.CollectionCount(0) - collections.Item1}/{GC.CollectionCount(1) - collections.Item2}/{GC.CollectionCount(2) - collections.Item3}";
                long logBytes = current.Wal is { } wal && File.Exists(wal.Path) ? new FileInfo(wal.Path).Length : 0;
                if (settings.Checkpoint)
                {
                    current.Checkpoint();
                }

                Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                    $"{batch,5}  {PerInsert(start, inserted),9:F0}  {PerInsert(inserted, end),8:F0}  {Workload.N / Stopwatch.GetElapsedTime(start, end).TotalSeconds,9:N0}  {cpuUsed.TotalNanoseconds / Workload.N,6:F0}  {logBytes / 1e6,6:F0}  {DirtyMegabytes(),8:F0}  {gcs,7}"));
            }
        }
        finally
        {
            table?.Dispose();
        }

        return 0;
    }

    private static ITable<int, Row> Create(Settings settings, string directory)
    {
        WalOptions? options = null;
        if (settings.Wal)
        {
            options = WalOptions.InDirectory(directory);
            options = options with
            {
                StripeCount = settings.Stripes ?? options.StripeCount,
                BufferSize = settings.BufferKib * 1024 ?? options.BufferSize,
                WritebackBytes = settings.WritebackKib * 1024 ?? options.WritebackBytes,
                EarlySyncBytes = settings.EarlySyncKib * 1024 ?? options.EarlySyncBytes,
                FileSystem = settings.Discard ? new DiscardingFileSystem(options.FileSystem) : options.FileSystem,
            };
        }

        return settings.Striped
            ? new StripedTable<int, Row>(options, capacity: settings.Capacity)
            : new LockTable<int, Row>(options, capacity: settings.Capacity);
    }

    private static double PerInsert(long from, long to) => Stopwatch.GetElapsedTime(from, to).TotalNanoseconds / Workload.N;

    // Dirty page cache, system-wide: what the kernel's writeback and dirty throttling react to.
    private static double DirtyMegabytes()
    {
        const string VmStat = "/proc/vmstat";
        if (!File.Exists(VmStat))
        {
            return double.NaN;
        }

        string? line = File.ReadLines(VmStat).FirstOrDefault(l => l.StartsWith("nr_dirty ", StringComparison.Ordinal));
        return line is null ? double.NaN : long.Parse(line.AsSpan(9), CultureInfo.InvariantCulture) * Environment.SystemPageSize / 1e6;
    }

    private static Settings Parse(string[] args)
    {
        var options = new OptionReader(args);
        string table = options.String("--table", "striped")!;
        if (table is not ("striped" or "lock"))
        {
            throw new UsageException($"Option --table must be 'striped' or 'lock'; got '{table}'.");
        }

        int threads = (int)options.Integer("--threads", 1, min: 1, max: 64);
        if (Workload.N % threads != 0)
        {
            throw new UsageException($"Option --threads must divide {Workload.N:N0} (every thread inserts the same share); got {threads}.");
        }

        string wal = options.String("--wal", "on")!;
        if (wal is not ("on" or "off" or "discard"))
        {
            throw new UsageException($"Option --wal must be 'on', 'off' or 'discard'; got '{wal}'.");
        }

        var settings = new Settings(
            Striped: table == "striped",
            Threads: threads,
            Wal: wal != "off",
            Discard: wal == "discard",
            Batches: (int)options.Integer("--batches", 20, min: 1, max: 100_000),
            Flush: options.Flag("--flush"),
            Checkpoint: options.Flag("--checkpoint"),
            Fresh: options.Flag("--fresh"),
            Capacity: (int)options.Integer("--capacity", 0, min: 0, max: 10_000_000),
            Stripes: OptionalInteger(options, "--stripes", 1, 4096),
            BufferKib: OptionalInteger(options, "--buffer-kib", 4, 65536),
            WritebackKib: OptionalInteger(options, "--writeback-kib", 0, 1024 * 1024),
            EarlySyncKib: OptionalInteger(options, "--early-sync-kib", 0, 1024 * 1024));
        options.EnsureAllConsumed();
        if (!settings.Wal && (settings.Flush || settings.Checkpoint || settings.Stripes is not null || settings.BufferKib is not null
            || settings.WritebackKib is not null || settings.EarlySyncKib is not null))
        {
            throw new UsageException("Options --flush, --checkpoint, --stripes, --buffer-kib, --writeback-kib and --early-sync-kib need a WAL (--wal on or discard).");
        }

        return settings;
    }

    // Absent: the engine's default.
    private static int? OptionalInteger(OptionReader options, string name, int min, int max) =>
        options.String(name) is { } text ? (int)OptionReader.ParseInteger("Option " + name, text, min, max) : null;
}
