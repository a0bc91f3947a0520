using System.Diagnostics;
using StorageEngine.Wal;

namespace StorageEngine.Tests;

/// <summary>
/// A child process inserts and flushes batches, then is SIGKILLed: in the middle of an unflushed batch, while idle
/// right after its last flush, or at a stage of a checkpoint. Every flushed insert must come back, and nothing that
/// comes back may be corrupt.
/// (SIGKILL keeps the page cache, so this proves FlushWAL wrote everything; that the sync reaches the device is the
/// kernel's promise for fdatasync, which a process kill cannot test.)
/// </summary>
public class CrashTests
{
    private const int FlushedBatches = 5;
    private const int BatchSize = 20_000;
    private const int CheckpointBatchSize = 4_000; // nine workers at once: smaller batches keep the test short

    [Theory]
    [InlineData(TableKind.Lock, "busy")]
    [InlineData(TableKind.Striped, "busy")]
    [InlineData(TableKind.Lock, "idle")]
    [InlineData(TableKind.Striped, "idle")]
    public void Sigkill_loses_no_flushed_insert_and_replays_no_garbage(TableKind backend, string afterLastFlush)
    {
        using var dir = new WalDirectory();
        var lines = RunAndKill(dir, backend, afterLastFlush, afterLastFlush == "busy" ? "unflushed-progress" : "idle", out string stderr);
        lines.Should().Contain($"flushed {FlushedBatches - 1}", stderr);
        AssertRecovered(dir, backend, FlushedBatches * BatchSize);
    }

    // Every checkpoint stage (SnapshotDurable is the snapshot's DirectorySynced step), and every step of the snapshot.
    private static readonly string[] CheckpointStages =
    [
        .. Enum.GetNames<CheckpointStage>().Where(s => s != nameof(CheckpointStage.SnapshotDurable)),
        .. Enum.GetNames<DurableStep>().Select(step => "Snapshot." + step),
    ];

    [Fact]
    public void Sigkill_at_every_stage_of_a_checkpoint_loses_no_flushed_insert()
    {
        // One worker per stage, all started at once (a process start is the slow part); each stops its second
        // checkpoint at its stage and is killed there.
        var stages = CheckpointStages.ToList();
        var dirs = stages.Select(_ => new WalDirectory()).ToList();
        try
        {
            var workers = stages.Select((stage, i) => Start(dirs[i], TableKind.Striped, "checkpoint:" + stage, CheckpointBatchSize)).ToList();
            for (int i = 0; i < stages.Count; i++)
            {
                var lines = KillWhenSeen(workers[i], $"stage {stages[i]}", out string stderr);
                lines.Should().Contain($"stage {stages[i]}", $"the worker must reach the stage ({stderr})");
                AssertRecovered(dirs[i], TableKind.Striped, FlushedBatches * CheckpointBatchSize, $"killed at {stages[i]}");
            }
        }
        finally
        {
            dirs.ForEach(d => d.Dispose());
        }
    }

    private static List<string> RunAndKill(WalDirectory dir, TableKind backend, string mode, string marker, out string stderr) =>
        KillWhenSeen(Start(dir, backend, mode), marker, out stderr);

    private static Process Start(WalDirectory dir, TableKind backend, string mode, int batchSize = BatchSize)
    {
        string worker = Path.Combine(AppContext.BaseDirectory, "StorageEngine.CrashWorker.dll");
        File.Exists(worker).Should().BeTrue("the crash worker is built next to the tests");
        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };

        // The child dies by SIGKILL, so its runtime cannot remove its diagnostic IPC files
        // (/tmp/clr-debug-pipe-*, /tmp/dotnet-diagnostic-*-socket); without diagnostics it never creates them.
        start.Environment["DOTNET_EnableDiagnostics"] = "0";
        foreach (string arg in new[] { worker, dir.Path, backend == TableKind.Lock ? "lock" : "striped", $"{FlushedBatches}", $"{batchSize}", "4", mode })
        {
            start.ArgumentList.Add(arg);
        }

        return Process.Start(start)!;
    }

    // Reads the child's lines until the marker, then kills it with SIGKILL (no finally blocks, no flush on dispose).
    private static List<string> KillWhenSeen(Process child, string marker, out string stderr)
    {
        var lines = new List<string>();
        using (child)
        {
            try
            {
                string? line;
                while ((line = child.StandardOutput.ReadLine()) is not null)
                {
                    lines.Add(line);
                    if (line == marker)
                    {
                        break;
                    }
                }
            }
            finally
            {
                if (!child.HasExited)
                {
                    child.Kill(entireProcessTree: true);
                }

                child.WaitForExit();
            }

            stderr = child.StandardError.ReadToEnd();
        }

        return lines;
    }

    // Every flushed key is back and intact; unflushed ones may or may not be, but whichever are must be intact.
    private static void AssertRecovered(WalDirectory dir, TableKind backend, int flushedKeys, string because = "")
    {
        using var table = Tables.Create(backend, dir.Wal());
        for (int key = 0; key < flushedKeys; key++)
        {
            table.TryGet(key, out var row).Should().BeTrue($"key {key} was flushed before the crash {because}");
            row.IsGeneratedFor(key).Should().BeTrue(because);
        }

        int extra = 0;
        for (int key = flushedKeys; key < flushedKeys + (200 * BatchSize); key++) // what a busy worker can add in 60 s
        {
            if (table.TryGet(key, out var row))
            {
                row.IsGeneratedFor(key).Should().BeTrue($"recovered key {key} must not be garbage {because}");
                extra++;
            }
        }

        table.Count.Should().Be(flushedKeys + extra, $"no record outside the keys the worker wrote {because}");
    }
}
