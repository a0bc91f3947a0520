using System.Diagnostics;

namespace StorageEngine.Tests;

/// <summary>
/// A child process inserts and flushes batches, then is SIGKILLed, either in the middle of an unflushed batch or while
/// idle right after its last flush. Every flushed insert must come back, and nothing that comes back may be corrupt.
/// (SIGKILL keeps the page cache, so this proves FlushWAL wrote everything; that the sync reaches the device is the
/// kernel's promise for fdatasync, which a process kill cannot test.)
/// </summary>
public class CrashTests
{
    private const int FlushedBatches = 5;
    private const int BatchSize = 20_000;

    [Theory]
    [InlineData(Backend.Lock, "busy")]
    [InlineData(Backend.Striped, "busy")]
    [InlineData(Backend.Lock, "idle")]
    [InlineData(Backend.Striped, "idle")]
    public void Sigkill_loses_no_flushed_insert_and_replays_no_garbage(Backend backend, string afterLastFlush)
    {
        using var dir = new TempDirectory();
        string worker = Path.Combine(AppContext.BaseDirectory, "StorageEngine.CrashWorker.dll");
        File.Exists(worker).Should().BeTrue("the crash worker is built next to the tests");

        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string arg in new[] { worker, dir.Path, backend == Backend.Lock ? "lock" : "striped", $"{FlushedBatches}", $"{BatchSize}", "4", afterLastFlush })
        {
            start.ArgumentList.Add(arg);
        }

        using var child = Process.Start(start)!;
        var lines = new List<string>();
        try
        {
            string? line;
            while ((line = child.StandardOutput.ReadLine()) is not null)
            {
                lines.Add(line);
                if (line is "unflushed-progress" or "idle")
                {
                    break; // busy: unflushed records are being written right now; idle: nothing after the flush
                }
            }
        }
        finally
        {
            if (!child.HasExited)
            {
                child.Kill(entireProcessTree: true); // SIGKILL: no finally blocks, no flush on dispose
            }

            child.WaitForExit();
        }

        lines.Should().Contain($"flushed {FlushedBatches - 1}", child.StandardError.ReadToEnd());
        lines.Should().Contain(afterLastFlush == "busy" ? "unflushed-progress" : "idle");

        using var table = Tables.Create(backend, WalOptionsFor(dir));
        int flushedKeys = FlushedBatches * BatchSize;
        for (int key = 0; key < flushedKeys; key++)
        {
            table.TryGet(key, out var row).Should().BeTrue($"key {key} was flushed before the crash");
            row.IsGeneratedFor(key).Should().BeTrue();
        }

        // Unflushed inserts may or may not have survived; whichever did must be intact.
        int extra = 0;
        for (int key = flushedKeys; key < flushedKeys + (200 * BatchSize); key++)
        {
            if (table.TryGet(key, out var row))
            {
                row.IsGeneratedFor(key).Should().BeTrue($"recovered key {key} must not be garbage");
                extra++;
            }
        }

        table.Count.Should().Be(flushedKeys + extra, "no record outside the keys the worker wrote");
    }

    private static StorageEngine.Wal.WalOptions WalOptionsFor(TempDirectory dir) => dir.Wal();
}
