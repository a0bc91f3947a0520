namespace LabReport.Ab;

/// <summary>How a run ended.</summary>
public enum AbEnd
{
    /// <summary>Every planned round (or the budget) done.</summary>
    Completed,

    /// <summary>Stopped by Ctrl-C (or SIGTERM).</summary>
    Interrupted,

    /// <summary>A side's process failed.</summary>
    Failed,
}

/// <summary>A finished (or stopped) run, everything its files say.</summary>
/// <param name="Settings">The command line.</param>
/// <param name="A">Side A as run.</param>
/// <param name="B">Side B as run.</param>
/// <param name="Seed">The seed of the rounds' order.</param>
/// <param name="Measurements">What was measured.</param>
/// <param name="Verdicts">The benchmarks judged.</param>
/// <param name="End">How it ended.</param>
/// <param name="Problem">Why it ended early (the failure's message), or null.</param>
/// <param name="Wall">The rounds' wall time (builds excluded).</param>
/// <param name="Notes">Anything else the summary must say (benchmarks only one side has).</param>
public sealed record AbOutcome(AbSettings Settings, Side A, Side B, ulong Seed, AbMeasurements Measurements, IReadOnlyList<BenchmarkVerdict> Verdicts,
    AbEnd End, string? Problem, TimeSpan Wall, IReadOnlyList<string> Notes);
