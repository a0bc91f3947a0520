// Crash worker: fills a WAL-backed table in flushed batches, announces each durable batch on stdout, then keeps
// inserting (unflushed) or checkpoints until the parent test kills it with SIGKILL. Usage:
//   StorageEngine.CrashWorker <wal-dir> <lock|striped> <flushed-batches> <batch-size> <threads> <busy|idle|checkpoint:STAGE>
// busy: after the last flush, keep inserting (the kill lands mid-write); idle: after the last flush, do nothing
// (the kill finds only what FlushWAL itself wrote, so a flush that left records in memory is caught);
// checkpoint:STAGE: checkpoint after the first batch, then after the last one stop at STAGE of the second
// checkpoint (a CheckpointStage, or Snapshot.<DurableStep>) and wait there to be killed.
using System.Globalization;
using StorageEngine;
using StorageEngine.CrashWorker;
using StorageEngine.Wal;

string mode = args.Length == 6 ? args[5] : "";
if (mode is not ("busy" or "idle") && !mode.StartsWith(StageStop.Prefix, StringComparison.Ordinal))
{
    Console.Error.WriteLine("usage: StorageEngine.CrashWorker <wal-dir> <lock|striped> <flushed-batches> <batch-size> <threads> <busy|idle|checkpoint:STAGE>");
    return 2;
}

string dir = args[0];
int batches = int.Parse(args[2], CultureInfo.InvariantCulture);
int batchSize = int.Parse(args[3], CultureInfo.InvariantCulture);
int threads = int.Parse(args[4], CultureInfo.InvariantCulture);
var stop = mode.StartsWith(StageStop.Prefix, StringComparison.Ordinal) ? new StageStop(mode[StageStop.Prefix.Length..]) : null;

// Small buffers: stripes spill to the file between flushes, so the kill lands in the middle of real writes.
var options = WalOptions.InDirectory(dir) with { BufferSize = 4096, StripeCount = 8, Hooks = stop };
ITable<int, Row> table = args[1] == "lock" ? new LockTable<int, Row>(options) : new StripedTable<int, Row>(options);

void InsertRange(int start, int count)
{
    Parallel.For(0, threads, new ParallelOptions { MaxDegreeOfParallelism = threads }, t =>
    {
        for (int key = start + t; key < start + count; key += threads)
        {
            table.Insert(key, Row.Generate(key));
        }
    });
}

for (int b = 0; b < batches; b++)
{
    InsertRange(b * batchSize, batchSize);
    table.FlushWAL();
    Console.Out.WriteLine($"flushed {b}");
    Console.Out.Flush();
    if (stop is not null && b == 0)
    {
        table.Checkpoint(); // a first snapshot, so the stopped checkpoint has an older one and its log behind it
    }
}

if (stop is not null)
{
    stop.Armed = true;
    table.Checkpoint();
    Console.Out.WriteLine($"checkpoint finished without reaching stage {stop.Stage}");
    return 4;
}

if (mode == "idle")
{
    Console.Out.WriteLine("idle");
    Console.Out.Flush();
    Thread.Sleep(TimeSpan.FromSeconds(60)); // bounded: the parent kills us long before
    return 3;
}

// Unflushed phase: never flushed, only spilled. Bounded so an orphan cannot run forever if the parent dies.
int next = batches * batchSize;
var deadline = DateTime.UtcNow.AddSeconds(60);
Console.Out.WriteLine("unflushed-start");
Console.Out.Flush();
int round = 0;
while (DateTime.UtcNow < deadline)
{
    InsertRange(next, batchSize);
    next += batchSize;
    if (++round == 2)
    {
        Console.Out.WriteLine("unflushed-progress");
        Console.Out.Flush();
    }
}

return 3;
