using StorageEngine.Wal;

namespace StorageEngine.CrashWorker;

/// <summary>Stops the checkpoint at one stage: says so on stdout, then waits (bounded) for the parent's SIGKILL.</summary>
internal sealed class StageStop(string stage) : WalTestHooks
{
    public const string Prefix = "checkpoint:";
    private const string SnapshotStep = "Snapshot.";

    public string Stage { get; } = stage;

    public bool Armed { get; set; }

    public override void Checkpoint(CheckpointStage stage) => StopAt(stage.ToString());

    public override void DurableStep(string path, DurableStep step)
    {
        if (path.EndsWith(".snapshot", StringComparison.Ordinal))
        {
            StopAt(SnapshotStep + step);
        }
    }

    private void StopAt(string reached)
    {
        if (Armed && reached == Stage)
        {
            Console.Out.WriteLine($"stage {reached}");
            Console.Out.Flush();
            Thread.Sleep(TimeSpan.FromSeconds(60));
            Environment.Exit(3);
        }
    }
}
