using System.Globalization;

namespace FirstThingsFirst.Ab;

/// <summary>When <c>--fail-on</c> turns a verdict into exit code 3.</summary>
public enum FailOn
{
    /// <summary>Never: the exit code says only whether the run worked.</summary>
    Never,

    /// <summary>Any selected benchmark slower.</summary>
    Slower,

    /// <summary>Any selected benchmark slower or faster.</summary>
    Change,
}

/// <summary>A checked command line.</summary>
public sealed record AbOptions
{
    /// <summary>The default threshold: ±2%, the lab's calibrated default on a 2-core guest.</summary>
    public const double DefaultThreshold = 0.02;

    /// <summary>The default budget: about ten minutes.</summary>
    public static readonly TimeSpan DefaultBudget = TimeSpan.FromMinutes(10);

    /// <summary>A's commit-ish (a branch, tag, hash, HEAD~1).</summary>
    public required string A { get; init; }

    /// <summary>B's commit-ish; equal to A for an A/A run.</summary>
    public required string B { get; init; }

    /// <summary>True for <c>--aa</c>: one build measured against itself.</summary>
    public bool IsAa { get; init; }

    /// <summary>The BenchmarkDotNet project: a .csproj, or a folder holding one, as given.</summary>
    public required string Project { get; init; }

    /// <summary>BenchmarkDotNet filter patterns.</summary>
    public IReadOnlyList<string> Filters { get; init; } = ["*"];

    /// <summary>The smallest change that counts, as a fraction (0.02 = 2%).</summary>
    public double Threshold { get; init; } = DefaultThreshold;

    /// <summary>The wall-clock time the rounds may take (builds not counted).</summary>
    public TimeSpan Budget { get; init; } = DefaultBudget;

    /// <summary>The most rounds (at most the confidence sequence's last look).</summary>
    public int MaxRounds { get; init; } = LabRounds.RoundLimits.Max;

    /// <summary>Measured iterations per benchmark, side and round.</summary>
    public int Iterations { get; init; } = 5;

    /// <summary>Warm-up iterations per benchmark, side and round.</summary>
    public int Warmups { get; init; } = 1;

    /// <summary>Target length of one iteration, in milliseconds.</summary>
    public int IterationTimeMs { get; init; } = 50;

    /// <summary>How the sides' processes are scheduled (<c>--method</c>; interleaved unless calibrating the others).</summary>
    public AbMethod Method { get; init; } = AbMethod.Interleaved;

    /// <summary>What makes the exit code 3.</summary>
    public FailOn FailOn { get; init; } = FailOn.Never;

    /// <summary>The output folder as given, or null for the default.</summary>
    public string? Out { get; init; }

    /// <summary>Environment variables of A's processes (<c>--a-env NAME=VALUE</c>).</summary>
    public IReadOnlyDictionary<string, string> EnvironmentA { get; init; } = new Dictionary<string, string>();

    /// <summary>Environment variables of B's processes (<c>--b-env NAME=VALUE</c>): with <c>--aa</c>, a known change of one build.</summary>
    public IReadOnlyDictionary<string, string> EnvironmentB { get; init; } = new Dictionary<string, string>();

    /// <summary>More BenchmarkDotNet arguments (after <c>--</c>).</summary>
    public IReadOnlyList<string> Extra { get; init; } = [];
}

/// <summary>A wrong command line: one line to print, exit code 2.</summary>
public sealed class AbUsageException(string message) : Exception(message);

/// <summary>Reads the command line into <see cref="AbOptions"/>; every mistake is a <see cref="AbUsageException"/> naming it.</summary>
public static class AbArguments
{
    private static readonly string[] Known =
    [
        "--a", "--b", "--aa", "--project", "--filter", "--threshold", "--budget", "--max-rounds", "--iterations", "--warmups",
        "--iteration-time", "--fail-on", "--out", "--a-env", "--b-env", "--method",
    ];

    /// <summary>The options that may be given more than once.</summary>
    private static readonly string[] Repeatable = ["--a-env", "--b-env"];

    /// <summary>Parses <paramref name="args"/> (without <c>--help</c>, which the caller answers).</summary>
    public static AbOptions Parse(IReadOnlyList<string> args)
    {
        ArgumentNullException.ThrowIfNull(args);
        var values = new Dictionary<string, List<string>>(StringComparer.Ordinal);
        var extra = new List<string>();
        for (int i = 0; i < args.Count; i++)
        {
            string arg = args[i];
            if (arg == "--")
            {
                extra.AddRange(args.Skip(i + 1));
                break;
            }

            string name = arg, inline = "";
            bool hasInline = false;
            if (arg.StartsWith("--", StringComparison.Ordinal) && arg.IndexOf('=', StringComparison.Ordinal) is int eq and > 0)
            {
                name = arg[..eq];
                inline = arg[(eq + 1)..];
                hasInline = true;
            }

            if (!Known.Contains(name))
            {
                throw new AbUsageException(arg.StartsWith('-') ? $"unknown option '{arg}'" : $"unexpected argument '{arg}' (every value follows its option)");
            }

            if (values.ContainsKey(name) && !Repeatable.Contains(name))
            {
                throw new AbUsageException($"{name} is given twice");
            }

            var list = new List<string>();
            if (hasInline)
            {
                list.Add(inline);
            }
            else
            {
                // --filter takes several patterns; every other option one value.
                while (i + 1 < args.Count && !args[i + 1].StartsWith("--", StringComparison.Ordinal) && (list.Count == 0 || name == "--filter"))
                {
                    list.Add(args[++i]);
                }
            }

            if (list.Count == 0 || list.Any(string.IsNullOrWhiteSpace))
            {
                throw new AbUsageException($"{name} needs a value");
            }

            values[name] = values.TryGetValue(name, out var earlier) ? [.. earlier, .. list] : list;
        }

        string? One(string name) => values.TryGetValue(name, out var v) ? v[0] : null;
        string? aa = One("--aa"), a = One("--a"), b = One("--b");
        if (aa is not null && (a is not null || b is not null))
        {
            throw new AbUsageException("--aa measures one commit against itself: give it without --a and --b");
        }

        if (aa is null && (a is null || b is null))
        {
            throw new AbUsageException(a is null && b is null ? "--a and --b are needed (the commits to compare, e.g. --a main --b HEAD), or --aa REF"
                : a is null ? "--a is needed (the commit before, e.g. --a main)" : "--b is needed (the commit after, e.g. --b HEAD)");
        }

        string project = One("--project") ?? throw new AbUsageException("--project is needed (the BenchmarkDotNet project, e.g. --project src/Perf/Perf.csproj)");
        return new AbOptions
        {
            A = aa ?? a!,
            B = aa ?? b!,
            IsAa = aa is not null,
            Project = project,
            Filters = values.TryGetValue("--filter", out var filters) ? filters : ["*"],
            Threshold = One("--threshold") is { } t ? ParseThreshold(t) : AbOptions.DefaultThreshold,
            Budget = One("--budget") is { } budget ? ParseDuration(budget) : AbOptions.DefaultBudget,
            MaxRounds = One("--max-rounds") is { } r ? ParseInt("--max-rounds", r, LabRounds.RoundLimits.First, LabRounds.RoundLimits.Max) : LabRounds.RoundLimits.Max,
            Iterations = One("--iterations") is { } it ? ParseInt("--iterations", it, 2, 100) : 5,
            Warmups = One("--warmups") is { } w ? ParseInt("--warmups", w, 0, 100) : 1,
            IterationTimeMs = One("--iteration-time") is { } ms ? ParseInt("--iteration-time", ms, 10, 5000) : 50,
            FailOn = One("--fail-on") switch
            {
                null or "never" => FailOn.Never,
                "slower" => FailOn.Slower,
                "change" => FailOn.Change,
                var other => throw new AbUsageException($"--fail-on '{other}' is not one of: slower, change, never"),
            },
            Method = One("--method") is { } method ? ParseMethod(method) : AbMethod.Interleaved,
            Out = One("--out"),
            EnvironmentA = Environment("--a-env", values.GetValueOrDefault("--a-env")),
            EnvironmentB = Environment("--b-env", values.GetValueOrDefault("--b-env")),
            Extra = extra,
        };
    }

    /// <summary>A method's name: interleaved, sequential or duet; <paramref name="option"/> names it in the error.</summary>
    public static AbMethod ParseMethod(string text, string option = "--method") => text switch
    {
        "interleaved" => AbMethod.Interleaved,
        "sequential" => AbMethod.Sequential,
        "duet" => AbMethod.Duet,
        _ => throw new AbUsageException($"{option} '{text}' is not one of: interleaved, sequential, duet"),
    };

    /// <summary>A threshold in percent: "2", "2%", "0.5%"; more than 0 and at most 50.</summary>
    public static double ParseThreshold(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        string number = text.EndsWith('%') ? text[..^1] : text;
        if (!double.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out double percent) || !(percent > 0) || percent > 50)
        {
            throw new AbUsageException($"--threshold '{text}' is not a percentage above 0 and at most 50 (e.g. 2%)");
        }

        return percent / 100;
    }

    /// <summary>A duration: "90s", "10m", "1h", "1h30m", or plain seconds; at least one second.</summary>
    public static TimeSpan ParseDuration(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        var total = TimeSpan.Zero;
        string rest = text.Trim();
        if (int.TryParse(rest, NumberStyles.None, CultureInfo.InvariantCulture, out int plain))
        {
            total = TimeSpan.FromSeconds(plain);
        }
        else
        {
            while (rest.Length > 0)
            {
                int digits = rest.TakeWhile(char.IsAsciiDigit).Count();
                if (digits == 0 || digits == rest.Length || !int.TryParse(rest[..digits], NumberStyles.None, CultureInfo.InvariantCulture, out int n))
                {
                    throw new AbUsageException($"--budget '{text}' is not a duration (e.g. 90s, 10m, 1h30m)");
                }

                total += rest[digits] switch
                {
                    's' => TimeSpan.FromSeconds(n),
                    'm' => TimeSpan.FromMinutes(n),
                    'h' => TimeSpan.FromHours(n),
                    _ => throw new AbUsageException($"--budget '{text}' is not a duration (e.g. 90s, 10m, 1h30m)"),
                };
                rest = rest[(digits + 1)..];
            }
        }

        return total >= TimeSpan.FromSeconds(1) ? total : throw new AbUsageException($"--budget '{text}' is shorter than a second");
    }

    private static Dictionary<string, string> Environment(string option, List<string>? pairs)
    {
        var environment = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (string pair in pairs ?? [])
        {
            int equals = pair.IndexOf('=', StringComparison.Ordinal);
            if (equals <= 0)
            {
                throw new AbUsageException($"{option} '{pair}' is not NAME=VALUE (e.g. {option} FTF_CALIBRATION_SCALE=1.05)");
            }

            environment[pair[..equals]] = pair[(equals + 1)..];
        }

        return environment;
    }

    /// <summary>A whole number from <paramref name="min"/> to <paramref name="max"/>; a usage error naming <paramref name="option"/> otherwise.</summary>
    internal static int ParseInt(string option, string text, int min, int max) =>
        int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int n) && n >= min && n <= max
            ? n
            : throw new AbUsageException($"{option} '{text}' is not a whole number from {min} to {max}");
}
