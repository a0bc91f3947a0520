using MeasurementLab;

namespace HandRolledHarness;

/// <summary>What the <c>mark</c> mode was asked to run; null options mean the note's value for that step.</summary>
internal sealed record MarkOptions(
    int Step,
    IReadOnlyList<NoteFunction> Functions,
    int? Count,
    int? Repeats,
    double? MinSeconds,
    int MaxSize,
    string? CsvPath)
{
    /// <summary>--rounds N (mark 8): the whole sweep N times, each round in its own order (1: one sweep, the note's).</summary>
    public int Rounds { get; init; } = 1;

    /// <summary>--rounds-seed S: the seed of the rounds' orders (null: drawn and printed).</summary>
    public ulong? RoundsSeed { get; init; }

    /// <summary>
    /// --round K: only round K of the <see cref="Rounds"/>-round schedule, in this process (null: every round). Rounds
    /// run in separate processes then share one seed, and the rounds file gathers them.
    /// </summary>
    public int? Round { get; init; }

    public const int MaxRounds = LabRounds.RoundLimits.Max;

    public const int LastStep = 8;
    public const int MaxRepeats = 1_000;
    public const double MaxMinSeconds = 60.0;

    /// <summary>Arrays of 4-byte ints: two of this many stay under a gigabyte.</summary>
    public const int LargestSize = 104_857_600;

    /// <summary>The <c>--function</c> value that selects every function the step can run.</summary>
    public const string AllFunctions = "all";

    public static MarkOptions Parse(string[] args)
    {
        var options = new OptionReader(args);
        string? functionText = options.String("--function");
        int count = (int)options.Integer("--count", 0, 1, int.MaxValue);
        int repeats = (int)options.Integer("--repeats", 0, 2, MaxRepeats);
        double minSeconds = options.Number("--min-seconds", double.NaN, 0.0, MaxMinSeconds, exclusiveMin: true);
        int maxSize = (int)options.Integer("--max-size", 0, SizeSweep.Smallest, LargestSize);
        string? csvPath = options.String("--csv");
        int rounds = (int)options.Integer("--rounds", 0, 1, MaxRounds);
        string? seedText = options.String("--rounds-seed");
        int round = (int)options.Integer("--round", 0, 1, MaxRounds);
        options.EnsureAllConsumed(maxPositionals: 1);
        if (options.Positionals.Count == 0)
        {
            throw new UsageException($"mark needs a step number, 0 to {LastStep}.");
        }

        int step = (int)OptionReader.ParseInteger("The mark step", options.Positionals[0], 0, LastStep);
        RequireStep(count > 0, "--count", step, 1, 4, "a fixed count of calls");
        RequireStep(repeats > 0, "--repeats", step, 3, 8, "repeated timed loops");
        RequireStep(!double.IsNaN(minSeconds), "--min-seconds", step, 5, 8, "a count that doubles up to a minimum time");
        RequireStep(maxSize > 0, "--max-size", step, 8, 8, "problem sizes");
        RequireStep(csvPath is not null, "--csv", step, 7, 8, "one final line per function");
        RequireStep(functionText is not null, "--function", step, 6, 8, "any function (mark 0 to 5 time multiply only, as in the note)");
        RequireStep(rounds > 0, "--rounds", step, 8, 8, "interleaved rounds of the sweep");
        RequireStep(seedText is not null, "--rounds-seed", step, 8, 8, "interleaved rounds of the sweep");
        RequireStep(round > 0, "--round", step, 8, 8, "one round of the sweep");
        ulong? seed = null;
        if (seedText is not null)
        {
            seed = LabRounds.RoundSchedule.TryParseSeed(seedText, out ulong parsed)
                ? parsed
                : throw new UsageException($"--rounds-seed must be a whole number from 0 to 9223372036854775807 (got '{seedText}').");
            if (rounds == 0)
            {
                throw new UsageException("--rounds-seed needs --rounds N.");
            }
        }

        if (round > 0)
        {
            // Every process of a run must draw the same schedule: one round alone needs the run's seed.
            if (rounds == 0 || seed is null)
            {
                throw new UsageException("--round needs --rounds N and --rounds-seed S (the run's schedule).");
            }

            if (round > rounds)
            {
                throw new UsageException($"--round must be at most --rounds ({rounds}); got {round}.");
            }
        }

        if (csvPath is not null)
        {
            CheckWritable(csvPath);
        }

        return new MarkOptions(
            step,
            SelectFunctions(functionText ?? FunctionNames.Multiply, step),
            count > 0 ? count : null,
            repeats > 0 ? repeats : null,
            double.IsNaN(minSeconds) ? null : minSeconds,
            maxSize > 0 ? maxSize : LargestSize,
            csvPath)
        {
            Rounds = rounds > 0 ? rounds : 1,
            RoundsSeed = seed,
            Round = round > 0 ? round : null,
        };
    }

    private static void RequireStep(bool given, string option, int step, int first, int last, string what)
    {
        if (given && (step < first || step > last))
        {
            string steps = first == last ? $"mark {first}" : $"mark {first} to {last}";
            throw new UsageException($"{option} applies to {steps} ({what}); mark {step} does not take it.");
        }
    }

    private static List<NoteFunction> SelectFunctions(string text, int step)
    {
        bool sizesAllowed = step == LastStep;
        if (text == AllFunctions)
        {
            return FunctionCatalog.All.Where(f => sizesAllowed || f is PlainFunction).ToList();
        }

        var selected = new List<NoteFunction>();
        foreach (string name in text.Split(',', StringSplitOptions.TrimEntries))
        {
            var function = FunctionCatalog.Find(name) ?? throw new UsageException(
                $"--function: unknown function '{name}'; known: {string.Join(", ", FunctionCatalog.All.Select(f => f.Name))} (or '{AllFunctions}').");
            if (!sizesAllowed && function is not PlainFunction)
            {
                throw new UsageException($"--function: {name} takes a problem size, which only mark {LastStep} gives.");
            }

            selected.Add(function);
        }

        return selected;
    }

    // Checked before anything is measured: a long sweep must not end in a path error.
    private static void CheckWritable(string path)
    {
        string probe = path + ".probe";
        try
        {
            File.WriteAllText(probe, "");
            File.Delete(probe);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ArgumentException or NotSupportedException)
        {
            throw new UsageException($"--csv: cannot write '{path}' ({e.Message})");
        }
    }
}
