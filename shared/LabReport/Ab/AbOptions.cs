using System.Globalization;
using System.Text.RegularExpressions;
using LabRounds;
using MeasurementLab;

namespace LabReport.Ab;

/// <summary>
/// Reads an <c>ab</c> command line into <see cref="AbSettings"/>: every option checked here, each mistake one
/// <see cref="UsageException"/> naming the option and what it allows. What needs the file system or git (a commit, a
/// project folder, the output folder, the CPUs) is checked by <see cref="AbCommand"/> before anything is built.
/// </summary>
public static partial class AbOptions
{
    /// <summary>Rounds when neither --rounds nor --budget is given.</summary>
    public const int DefaultRounds = 12;

    /// <summary>The most rounds a run may ask for: the last look the confidence sequence is calibrated for.</summary>
    public const int MaxRounds = RoundLimits.Max;

    /// <summary>The fewest rounds a run may ask for: the sequence's first look, the first count with an interval.</summary>
    public const int MinRounds = RoundLimits.First;

    /// <summary>Default --threshold (see the usage text for why).</summary>
    public const double DefaultThreshold = 0.02;

    /// <summary>The program when --project is not given.</summary>
    public const string DefaultProject = "shared/Calibration";

    /// <summary>Rows of a mode's table left out by default: insert-loop's batch 0 jits and fills the table, batch 1 may still warm up.</summary>
    public const int DefaultSkipRows = 2;

    /// <summary>Parses the arguments of <c>ab</c> (without the word "ab").</summary>
    public static AbSettings Parse(IReadOnlyList<string> args)
    {
        ArgumentNullException.ThrowIfNull(args);
        int dashes = args.ToList().IndexOf("--");
        var own = (dashes >= 0 ? args.Take(dashes) : args).ToList();
        var extra = dashes >= 0 ? args.Skip(dashes + 1).ToList() : [];
        var filters = TakeList(own, "--filter");
        var aEnv = TakeRepeated(own, "--a-env");
        var bEnv = TakeRepeated(own, "--b-env");

        var options = new OptionReader(own);
        string? aRef = options.String("--a");
        string? bRef = options.String("--b");
        string? aaRef = options.String("--aa");
        string project = options.String("--project", DefaultProject)!;
        string? mode = options.String("--mode");
        string? valueColumn = options.String("--value");
        string? skipText = options.String("--skip");
        string? aArgs = options.String("--a-args");
        string? bArgs = options.String("--b-args");
        bool duet = options.Flag("--duet");
        bool sequential = options.Flag("--sequential");
        string? roundsText = options.String("--rounds");
        string? budgetText = options.String("--budget");
        string? seedText = options.String("--seed");
        string? thresholdText = options.String("--threshold");
        int iterations = (int)options.Integer("--iterations", JobSettings.Default.IterationCount, 2, 100);
        int iterationTime = (int)options.Integer("--iteration-time", JobSettings.Default.IterationTimeMs, 10, 5000);
        string? outDir = options.String("--out");
        string? name = options.String("--name");
        options.EnsureAllConsumed();

        var (a, b) = Sides(aRef, bRef, aaRef);
        if (aaRef is not null && (aEnv.Count + bEnv.Count > 0 || aArgs is not null || bArgs is not null))
        {
            throw new UsageException("--aa compares a build with itself: --a-env, --b-env, --a-args and --b-args would make the sides differ (use --a REF --b REF)");
        }

        if (duet && sequential)
        {
            throw new UsageException("--duet and --sequential are two methods: give one (or neither, for interleaved rounds)");
        }

        if (roundsText is not null && budgetText is not null)
        {
            throw new UsageException("give --rounds or --budget, not both (a budget runs as many rounds as fit in it)");
        }

        if (name is not null && !NamePattern().IsMatch(name))
        {
            throw new UsageException($"--name '{name}' must be lower-case letters, digits, '.', '_' or '-' (it names a folder)");
        }

        return new AbSettings
        {
            A = new SideSpec("A", a, Environment("--a-env", aEnv), SplitArgs(aArgs)),
            B = new SideSpec("B", b, Environment("--b-env", bEnv), SplitArgs(bArgs)),
            IsAa = aaRef is not null,
            Selection = SelectionOf(project, filters, mode, valueColumn, skipText, extra),
            Method = duet ? AbMethod.Duet : sequential ? AbMethod.Sequential : AbMethod.Interleaved,
            Rounds = roundsText is null ? (budgetText is null ? DefaultRounds : MaxRounds) : ParseRounds(roundsText),
            Budget = budgetText is null ? null : ParseDuration("--budget", budgetText),
            Seed = seedText is null ? null : ParseSeed(seedText),
            Threshold = thresholdText is null ? DefaultThreshold : CompareCommand.ParseThreshold(thresholdText),
            Job = JobSettings.Default with { IterationCount = iterations, IterationTimeMs = iterationTime },
            Out = outDir,
            Name = name,
        };
    }

    /// <summary>"90s", "10m", "1h", "1m30s" or a number of seconds.</summary>
    public static TimeSpan ParseDuration(string option, string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        var match = DurationPattern().Match(text.Trim());
        double seconds = 0;
        if (match.Success && match.Length > 0)
        {
            seconds = Part(match, "h") * 3600 + Part(match, "m") * 60 + Part(match, "s") + Part(match, "n");
        }

        if (!match.Success || !(seconds >= 1))
        {
            throw new UsageException($"{option} '{text}' is not a duration of a second or more (use e.g. 90s, 10m, 1h or 1m30s)");
        }

        return TimeSpan.FromSeconds(seconds);
    }

    private static double Part(Match match, string group) =>
        match.Groups[group].Success ? double.Parse(match.Groups[group].Value, CultureInfo.InvariantCulture) : 0;

    private static (string A, string B) Sides(string? a, string? b, string? aa)
    {
        if (aa is not null)
        {
            return a is null && b is null ? (aa, aa) : throw new UsageException("--aa REF runs one build against itself: leave out --a and --b");
        }

        return (a, b) switch
        {
            (null, null) => throw new UsageException("give two builds, --a REF --b REF, or one against itself, --aa REF (a commit or a build folder)"),
            (null, _) => throw new UsageException("--a REF is missing (the baseline: a commit or a build folder; or --aa REF for an A/A run)"),
            (_, null) => throw new UsageException("--b REF is missing (the change: a commit or a build folder; or --aa REF for an A/A run)"),
            _ => (a, b),
        };
    }

    private static Selection SelectionOf(string project, List<string> filters, string? mode, string? valueColumn, string? skipText, List<string> extra)
    {
        if (mode is not null)
        {
            if (filters.Count > 0)
            {
                throw new UsageException("--filter selects benchmarks and --mode a mode: give one");
            }

            if (valueColumn is null)
            {
                throw new UsageException($"--mode {mode} needs --value COLUMN: the column of the table it prints that is its number (e.g. insert-ns)");
            }

            int skip = skipText is null ? DefaultSkipRows : (int)OptionReader.ParseInteger("Option --skip", skipText, 0, 10_000);
            return new Selection(project, [], mode, valueColumn, skip, extra);
        }

        if (valueColumn is not null || skipText is not null)
        {
            throw new UsageException("--value and --skip read a mode's table: give --mode NAME too");
        }

        return new Selection(project, filters.Count == 0 ? ["*"] : filters, null, "", 0, extra);
    }

    private static int ParseRounds(string text)
    {
        if (!int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int rounds))
        {
            throw new UsageException($"--rounds '{text}' is not a whole number (at least {MinRounds})");
        }

        return rounds is >= MinRounds and <= MaxRounds
            ? rounds
            : throw new UsageException($"--rounds must be from {MinRounds} (the first round count with an interval) to {MaxRounds}; got {rounds}");
    }

    private static ulong ParseSeed(string text) => RoundSchedule.TryParseSeed(text, out ulong seed)
        ? seed
        : throw new UsageException($"--seed '{text}' must be a whole number from 0 to {long.MaxValue}");

    private static Dictionary<string, string> Environment(string option, List<string> pairs)
    {
        var variables = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (string pair in pairs)
        {
            int equals = pair.IndexOf('=', StringComparison.Ordinal);
            string variable = equals > 0 ? pair[..equals] : "";
            if (!VariablePattern().IsMatch(variable))
            {
                throw new UsageException($"{option} needs NAME=VALUE with NAME made of letters, digits and '_' (got '{pair}')");
            }

            if (!variables.TryAdd(variable, pair[(equals + 1)..]))
            {
                throw new UsageException($"{option} sets {variable} twice");
            }
        }

        return variables;
    }

    private static List<string> SplitArgs(string? text) =>
        text is null ? [] : [.. text.Split(' ', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)];

    // --filter takes every word up to the next option, as BenchmarkDotNet's own --filter does.
    private static List<string> TakeList(List<string> args, string option)
    {
        var values = new List<string>();
        for (int i = 0; i < args.Count; i++)
        {
            if (args[i].StartsWith(option + "=", StringComparison.Ordinal))
            {
                values.Add(args[i][(option.Length + 1)..]);
                args.RemoveAt(i--);
                continue;
            }

            if (args[i] != option)
            {
                continue;
            }

            int start = values.Count;
            args.RemoveAt(i);
            while (i < args.Count && !args[i].StartsWith("--", StringComparison.Ordinal))
            {
                values.Add(args[i]);
                args.RemoveAt(i);
            }

            if (values.Count == start)
            {
                throw new UsageException($"{option} needs at least one pattern, e.g. {option} '*KnownWork*'");
            }

            i--;
        }

        return values;
    }

    private static List<string> TakeRepeated(List<string> args, string option)
    {
        var values = new List<string>();
        for (int i = 0; i < args.Count; i++)
        {
            if (args[i].StartsWith(option + "=", StringComparison.Ordinal))
            {
                values.Add(args[i][(option.Length + 1)..]);
                args.RemoveAt(i--);
            }
            else if (args[i] == option)
            {
                if (i + 1 >= args.Count || args[i + 1].StartsWith("--", StringComparison.Ordinal))
                {
                    throw new UsageException($"{option} needs NAME=VALUE");
                }

                values.Add(args[i + 1]);
                args.RemoveRange(i--, 2);
            }
        }

        return values;
    }

    [GeneratedRegex(@"^(?:(?<n>\d+(?:\.\d+)?)|(?:(?<h>\d+(?:\.\d+)?)h)?(?:(?<m>\d+(?:\.\d+)?)m(?:in)?)?(?:(?<s>\d+(?:\.\d+)?)s)?)$", RegexOptions.CultureInvariant)]
    private static partial Regex DurationPattern();

    [GeneratedRegex("^[A-Za-z_][A-Za-z0-9_]*$", RegexOptions.CultureInvariant)]
    private static partial Regex VariablePattern();

    [GeneratedRegex("^[a-z0-9][a-z0-9._-]*$", RegexOptions.CultureInvariant)]
    private static partial Regex NamePattern();
}
