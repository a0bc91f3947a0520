namespace LabReport.Ab;

/// <summary>How the two sides share the machine.</summary>
public enum AbMethod
{
    /// <summary>Each round runs A and B one after the other, in an order drawn for the round (the default).</summary>
    Interleaved,

    /// <summary>A and B run at the same time, each pinned to its own CPU, the CPUs swapped every round.</summary>
    Duet,

    /// <summary>All of A's rounds, then all of B's, judged like <c>compare</c>: runs made apart, for calibration.</summary>
    Sequential,
}

/// <summary>What each side runs: benchmarks of a BenchmarkDotNet program, or one of its modes.</summary>
/// <param name="Project">The program's folder, relative to the repository root with forward slashes.</param>
/// <param name="Filters">BenchmarkDotNet filter patterns (used when <paramref name="Mode"/> is null).</param>
/// <param name="Mode">A mode (sub-command) of the program, or null for benchmarks.</param>
/// <param name="ValueColumn">The column of the mode's table that is its number.</param>
/// <param name="SkipRows">Rows of the mode's table left out first (warm-up).</param>
/// <param name="ExtraArgs">Arguments after <c>--</c>: a mode's options, or more BenchmarkDotNet options.</param>
public sealed record Selection(string Project, IReadOnlyList<string> Filters, string? Mode, string ValueColumn, int SkipRows,
    IReadOnlyList<string> ExtraArgs)
{
    /// <summary>True when the sides run a mode rather than benchmarks.</summary>
    public bool IsMode => Mode is not null;

    /// <summary>How the selection reads in the summary.</summary>
    public string Describe() => IsMode
        ? $"`{Project}` mode `{string.Join(' ', [Mode!, .. ExtraArgs])}`, column `{ValueColumn}` (median of its rows after the first {SkipRows})"
        : $"`{Project}` benchmarks matching {string.Join(" ", Filters.Select(f => $"`{f}`"))}";
}

/// <summary>BenchmarkDotNet's job for every side and round: short, because the rounds, not the iterations, carry the interval.</summary>
/// <param name="WarmupCount">Warm-up iterations.</param>
/// <param name="IterationCount">Measured iterations.</param>
/// <param name="IterationTimeMs">Target length of one iteration.</param>
public sealed record JobSettings(int WarmupCount, int IterationCount, int IterationTimeMs)
{
    /// <summary>The default job (chosen by measurement: see the README's "Budgets").</summary>
    public static JobSettings Default { get; } = new(1, 5, 50);
}

/// <summary>One side as asked for on the command line.</summary>
/// <param name="Name">"A" or "B".</param>
/// <param name="Ref">The build: a commit-ish or a directory, as given.</param>
/// <param name="Environment">Variables set for this side's processes.</param>
/// <param name="Args">Extra arguments for this side's program.</param>
public sealed record SideSpec(string Name, string Ref, IReadOnlyDictionary<string, string> Environment, IReadOnlyList<string> Args);

/// <summary>A whole <c>ab</c> command line, checked.</summary>
public sealed record AbSettings
{
    /// <summary>Side A (the baseline).</summary>
    public required SideSpec A { get; init; }

    /// <summary>Side B (the change).</summary>
    public required SideSpec B { get; init; }

    /// <summary>True for <c>--aa</c>: one build against itself.</summary>
    public bool IsAa { get; init; }

    /// <summary>What runs.</summary>
    public required Selection Selection { get; init; }

    /// <summary>How the sides share the machine.</summary>
    public AbMethod Method { get; init; }

    /// <summary>Rounds to run (the most, with a budget).</summary>
    public int Rounds { get; init; }

    /// <summary>Rounds until this much time is spent, or null for exactly <see cref="Rounds"/>.</summary>
    public TimeSpan? Budget { get; init; }

    /// <summary>The seed of the rounds' order, or null to draw one.</summary>
    public ulong? Seed { get; init; }

    /// <summary>The smallest change that counts (0.02 = 2%).</summary>
    public double Threshold { get; init; }

    /// <summary>The job of each side and round.</summary>
    public required JobSettings Job { get; init; }

    /// <summary>The output folder, or null for the default under results/.</summary>
    public string? Out { get; init; }

    /// <summary>The name in the default output folder.</summary>
    public string? Name { get; init; }
}
