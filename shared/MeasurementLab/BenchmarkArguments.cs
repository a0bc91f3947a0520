using System.Collections;
using System.Globalization;
using System.Reflection;
using System.Text.RegularExpressions;
using BenchmarkDotNet.ConsoleArguments;
using BenchmarkDotNet.Loggers;

namespace MeasurementLab;

/// <summary>
/// A post's command line as BenchmarkDotNet will see it, checked before anything runs. BenchmarkDotNet 0.15.8 ignores
/// a stray word (with the lab's default <c>--filter *</c> a typo in a sub-command would start the whole suite), takes
/// <c>--iterationCount 0</c> or <c>--iterationCount</c> without a value silently, and answers an unknown option with
/// its whole usage text and exit code 0 under <c>--list</c>. Here each of these is one <see cref="UsageException"/>
/// naming the argument; BenchmarkDotNet's own parser still has the last word on everything else.
/// </summary>
public sealed class BenchmarkArguments
{
    // BenchmarkDotNet's options, read from its own option class, so the table cannot drift from the version we run.
    private static readonly Lazy<IReadOnlyDictionary<string, OptionKind>> Options = new(ReadOptions);

    // Counts that BenchmarkDotNet accepts below these values only to fail, hang or measure nothing later.
    private static readonly Dictionary<string, int> Minimums = new(StringComparer.Ordinal)
    {
        ["launchCount"] = 1,
        ["warmupCount"] = 0,
        ["minWarmupCount"] = 0,
        ["maxWarmupCount"] = 0,
        ["iterationTime"] = 1,
        ["iterationCount"] = 1,
        ["minIterationCount"] = 1,
        ["maxIterationCount"] = 1,
        ["invocationCount"] = 1,
        ["unrollFactor"] = 1,
        ["disasmDepth"] = 1,
        ["buildTimeout"] = 1,
        ["maxWidth"] = 1,
    };

    private static readonly string[] HelpSwitches = ["--help", "-h", "-?", "--version"];

    /// <summary>The lab's option: run every case once per round, in interleaved rounds (LabRounds).</summary>
    public const string RoundsOption = "--rounds";

    /// <summary>The lab's option: the seed the rounds' orders are drawn from (recorded so a run can be replayed).</summary>
    public const string RoundsSeedOption = "--rounds-seed";

    /// <summary>The lab's option: run only this round of the --rounds N schedule (a hook runs each round in a process of its own).</summary>
    public const string RoundOption = "--round";

    /// <summary>The lab's option: run the rounds from this one to N of the --rounds N schedule (more rounds for a run that has some).</summary>
    public const string RoundsFromOption = "--rounds-from";

    /// <summary>The lab's option: only the benchmark cases this spec picks (LabRounds' CaseSpec; repeatable).</summary>
    public const string CaseOption = "--case";

    /// <summary>The most rounds one invocation may ask for (each is every case again, in its own process).</summary>
    public const int MaxRounds = LabRounds.RoundLimits.Max;

    private BenchmarkArguments(IReadOnlyList<string> arguments, CommandLineOptions? options, bool informational)
    {
        Arguments = arguments;
        Parsed = options;
        IsInformational = informational;
    }

    /// <summary>The arguments for BenchmarkDotNet as given (the lab's own options taken out).</summary>
    public IReadOnlyList<string> Arguments { get; }

    /// <summary>--rounds N: how many interleaved rounds, or null for one ordinary BenchmarkDotNet run.</summary>
    public int? Rounds { get; private init; }

    /// <summary>--rounds-seed S, or null (a fresh seed is drawn and printed).</summary>
    public ulong? RoundsSeed { get; private init; }

    /// <summary>The first round to run: K of --round K or --rounds-from K, else null (round 1).</summary>
    public int? FirstRound { get; private init; }

    /// <summary>The last round to run: K of --round K, else null (N of --rounds N).</summary>
    public int? LastRound { get; private init; }

    /// <summary>--case SPEC (each): only the cases these pick, or empty for every case the filter selects.</summary>
    public IReadOnlyList<LabRounds.CaseSpec> Cases { get; private init; } = [];

    /// <summary>The lab's options for the usage text.</summary>
    public static string LabOptionsUsage => $"""
        The lab's own options (before or among BenchmarkDotNet's):
          {RoundsOption} N          run every selected case once per round, N interleaved rounds (1..{MaxRounds}), each round in
                              a random order; jobs are renamed <job>-R<n> so the reports carry the round
          {RoundsSeedOption} S     the seed of the rounds' orders (0..2^63-1; default: drawn and printed)
          {RoundOption} K           only round K of the N (with --rounds-seed, so the rounds of separate processes
                              share one schedule)
          {RoundsFromOption} K     rounds K to N only (with --rounds-seed): more rounds for a run that has the first K - 1
          {CaseOption} SPEC         only the cases SPEC picks: Class.Method or Class.Method(Name=Value&Name=Value) (repeatable;
                              with --rounds), as a post's Claims/claims.json names them
        """;

    /// <summary>True for --help, --version, --info and --list: BenchmarkDotNet prints something and runs nothing.</summary>
    public bool IsInformational { get; }

    /// <summary>The --filter patterns (empty: every benchmark).</summary>
    public IReadOnlyList<string> Filters => [.. Parsed?.Filters ?? []];

    /// <summary>The --artifacts directory, if one was given.</summary>
    public string? ArtifactsDirectory => Parsed?.ArtifactsDirectory?.ToString();

    /// <summary>
    /// True for <c>--inProcess</c>. BenchmarkDotNet would add an in-process job beside every job the program's config or
    /// a class's attributes declare (and still build and run those out of process), where its other job options
    /// (<c>--iterationCount</c>...) change those jobs instead; <see cref="LabEntryPoint"/> makes it do the same for the
    /// toolchain: every job of the run runs in-process, once.
    /// </summary>
    public bool InProcess => Parsed?.RunInProcess ?? false;

    /// <summary>
    /// The arguments to hand to BenchmarkDotNet: a benchmark run without a filter gets <c>--filter *</c>, never the
    /// interactive menu; <c>--inProcess</c> is left out (see <see cref="InProcess"/>).
    /// </summary>
    public string[] ForBenchmarkDotNet
    {
        get
        {
            string[] args = [.. Arguments.Where(a => !InProcess || !IsInProcessFlag(a))];
            return IsInformational || Filters.Count > 0 ? args : [.. args, "--filter", "*"];
        }
    }

    private CommandLineOptions? Parsed { get; }

    /// <summary>Checks <paramref name="args"/> (everything after the program name, no sub-command).</summary>
    /// <param name="args">The command line.</param>
    /// <param name="modes">The program's sub-commands, named in the message when the first word is none of them.</param>
    /// <exception cref="UsageException">A word, option or value BenchmarkDotNet would ignore or reject.</exception>
    public static BenchmarkArguments Parse(IReadOnlyList<string> args, IReadOnlyList<SubCommand> modes)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(modes);
        if (args.Any(a => HelpSwitches.Contains(a, StringComparer.Ordinal)))
        {
            return new BenchmarkArguments(args, null, informational: true);
        }

        var (rest, rounds, seed, first, last, cases) = TakeRoundOptions(args);
        CheckTokens(rest, modes);
        var log = new AccumulationLogger();
        var (success, _, options) = ConfigParser.Parse([.. rest], log);
        if (!success || options is null)
        {
            throw new UsageException(FirstError(log.GetLog()));
        }

        CheckCounts(options);
        bool informational = options.PrintInformation || options.ListBenchmarkCaseMode != BenchmarkDotNet.ConsoleArguments.ListBenchmarks.ListBenchmarkCaseMode.Disabled;
        return new BenchmarkArguments(rest, options, informational) { Rounds = rounds, RoundsSeed = seed, FirstRound = first, LastRound = last, Cases = cases };
    }

    // --rounds N, --rounds-seed S, --round K, --rounds-from K and --case SPEC (also --name=value) are the lab's: taken
    // out before BenchmarkDotNet sees the line.
    private static (List<string> Others, int? Rounds, ulong? Seed, int? First, int? Last, IReadOnlyList<LabRounds.CaseSpec> Cases) TakeRoundOptions(
        IReadOnlyList<string> args)
    {
        var rest = new List<string>();
        int? rounds = null, round = null, from = null;
        ulong? seed = null;
        var cases = new List<LabRounds.CaseSpec>();
        for (int i = 0; i < args.Count; i++)
        {
            string token = args[i];
            string name = token.Split('=', 2)[0];
            if (name is not (RoundsOption or RoundsSeedOption or RoundOption or RoundsFromOption or CaseOption))
            {
                rest.Add(token);
                continue;
            }

            string? value = token.Contains('=', StringComparison.Ordinal) ? token[(name.Length + 1)..]
                : i + 1 < args.Count && !LooksLikeOption(args[i + 1]) ? args[++i] : null;
            if (string.IsNullOrEmpty(value))
            {
                throw new UsageException($"option {name} needs a value");
            }

            switch (name)
            {
                case RoundOption:
                    round = Once(round, name) ?? RoundNumber(name, value);
                    break;
                case RoundsFromOption:
                    from = Once(from, name) ?? RoundNumber(name, value);
                    break;
                case RoundsOption:
                    rounds = Once(rounds, name) ?? RoundNumber(name, value);
                    break;
                case CaseOption:
                    cases.Add(LabRounds.CaseSpec.TryParse(value, out var spec, out string? problem) && spec.IsBenchmark
                        ? spec
                        : throw new UsageException($"option {CaseOption}: {problem ?? $"'{value}' is a step, not a benchmark case"}"));
                    break;
                default:
                    seed = seed is not null ? throw new UsageException($"option {RoundsSeedOption} is given twice")
                        : LabRounds.RoundSchedule.TryParseSeed(value, out ulong s)
                            ? s
                            : throw new UsageException($"option {RoundsSeedOption} must be a whole number from 0 to 9223372036854775807; got '{value}'");
                    break;
            }
        }

        if (seed is not null && rounds is null)
        {
            throw new UsageException($"option {RoundsSeedOption} needs {RoundsOption} N");
        }

        foreach (var (given, option) in new[] { (round, RoundOption), (from, RoundsFromOption) })
        {
            if (given is not null && (rounds is null || seed is null))
            {
                throw new UsageException($"option {option} needs {RoundsOption} N and {RoundsSeedOption} S (every round of one schedule)");
            }

            if (given > rounds)
            {
                throw new UsageException($"option {option} {given} is past the {rounds} round(s) of {RoundsOption}");
            }
        }

        if (round is not null && from is not null)
        {
            throw new UsageException($"options {RoundOption} and {RoundsFromOption} exclude each other: one round, or the rounds from one on");
        }

        if (cases.Count > 0 && rounds is null)
        {
            throw new UsageException($"option {CaseOption} needs {RoundsOption} N (it picks cases of the lab's rounds)");
        }

        return (rest, rounds, seed, round ?? from, round, cases);
    }

    private static int? Once(int? value, string name) =>
        value is not null ? throw new UsageException($"option {name} is given twice") : null;

    private static int RoundNumber(string name, string value) =>
        int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out int k) && k is >= 1 and <= MaxRounds
            ? k
            : throw new UsageException($"option {name} must be a whole number from 1 to {MaxRounds}; got '{value}'");

    /// <summary>
    /// True when this command line runs <paramref name="fullName"/> (Namespace.Type.Method): nothing informational, and
    /// no filter or a filter matching it (BenchmarkDotNet's globs: <c>*</c>, <c>?</c>, case-insensitive).
    /// </summary>
    public bool WillRun(string fullName)
    {
        ArgumentNullException.ThrowIfNull(fullName);
        return !IsInformational && (Filters.Count == 0 || Filters.Any(p => Matches(p, fullName)));
    }

    /// <summary>BenchmarkDotNet's glob: <c>*</c> any run of characters, <c>?</c> one character, case-insensitive.</summary>
    public static bool Matches(string pattern, string fullName)
    {
        ArgumentNullException.ThrowIfNull(pattern);
        string regex = "^" + Regex.Escape(pattern).Replace(@"\*", ".*", StringComparison.Ordinal).Replace(@"\?", ".", StringComparison.Ordinal) + "$";
        return Regex.IsMatch(fullName, regex, RegexOptions.IgnoreCase | RegexOptions.CultureInvariant, TimeSpan.FromSeconds(1));
    }

    // Walks the tokens as BenchmarkDotNet's parser binds them, to find the words it would silently drop.
    private static void CheckTokens(IReadOnlyList<string> args, IReadOnlyList<SubCommand> modes)
    {
        string? previous = null;
        for (int i = 0; i < args.Count; i++)
        {
            string token = args[i];
            if (!LooksLikeOption(token))
            {
                throw new UsageException(i == 0 ? UnknownSubCommand(token, modes) : $"unexpected argument '{token}'{After(previous)}; BenchmarkDotNet options take the form --name value");
            }

            string name = token.TrimStart('-');
            int equals = name.IndexOf('=', StringComparison.Ordinal);
            string? inline = equals >= 0 ? name[(equals + 1)..] : null;
            name = equals >= 0 ? name[..equals] : name;
            if (!Options.Value.TryGetValue(name, out var kind))
            {
                throw new UsageException($"unknown option '{token}' (BenchmarkDotNet's options: --help)");
            }

            previous = token;
            if (kind == OptionKind.Flag)
            {
                continue;
            }

            int values = inline is null ? 0 : 1;
            while (i + 1 < args.Count && !LooksLikeOption(args[i + 1]) && (kind == OptionKind.Sequence || values == 0))
            {
                i++;
                values++;
            }

            if (values == 0 || inline?.Length == 0)
            {
                throw new UsageException($"option {token} needs a value");
            }
        }
    }

    private static void CheckCounts(CommandLineOptions options)
    {
        foreach (var property in typeof(CommandLineOptions).GetProperties())
        {
            if (OptionName(property) is not { } name || !Minimums.TryGetValue(name, out int minimum))
            {
                continue;
            }

            object? value = property.GetValue(options);
            long? number = value is null ? null : Convert.ToInt64(value, CultureInfo.InvariantCulture);
            if (number < minimum)
            {
                throw new UsageException($"option --{name} must be at least {minimum}; got {number}");
            }
        }
    }

    private static string UnknownSubCommand(string word, IReadOnlyList<SubCommand> modes) => modes.Count == 0
        ? $"unexpected argument '{word}': this program takes BenchmarkDotNet options only (e.g. --filter '*', --list flat)"
        : $"unknown sub-command '{word}'; sub-commands: {string.Join(", ", modes.Select(m => m.Name))}; or BenchmarkDotNet options (e.g. --filter '*', --list flat)";

    private static string After(string? option) => option is null ? "" : $" after {option}";

    // BenchmarkDotNet's parser prints "ERROR(S):" followed by one line per problem, then its usage.
    private static string FirstError(string log)
    {
        var lines = log.Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0).ToList();
        int errors = lines.FindIndex(l => l.StartsWith("ERROR", StringComparison.Ordinal));
        string message = errors >= 0 && errors + 1 < lines.Count ? lines[errors + 1] : lines.FirstOrDefault() ?? "the arguments were not accepted";
        return "BenchmarkDotNet: " + message.TrimEnd('.');
    }

    private static bool IsInProcessFlag(string token) =>
        token == "-i" || (token.StartsWith("--", StringComparison.Ordinal) && token[2..].Equals("inProcess", StringComparison.OrdinalIgnoreCase));

    // "-5" and "-0.5" are values, not options (as for BenchmarkDotNet's parser).
    private static bool LooksLikeOption(string token) =>
        token.Length > 1 && token[0] == '-' && !double.TryParse(token, NumberStyles.Float, CultureInfo.InvariantCulture, out _);

    private static IReadOnlyDictionary<string, OptionKind> ReadOptions()
    {
        var options = new Dictionary<string, OptionKind>(StringComparer.OrdinalIgnoreCase); // BenchmarkDotNet's parser ignores case
        foreach (var property in typeof(CommandLineOptions).GetProperties())
        {
            var attribute = OptionAttribute(property);
            if (attribute is null)
            {
                continue;
            }

            var type = Nullable.GetUnderlyingType(property.PropertyType) ?? property.PropertyType;
            var kind = type == typeof(bool) ? OptionKind.Flag
                : type != typeof(string) && typeof(IEnumerable).IsAssignableFrom(type) ? OptionKind.Sequence
                : OptionKind.Single;
            foreach (string name in new[] { Read(attribute, "LongName"), Read(attribute, "ShortName") })
            {
                if (name.Length > 0)
                {
                    options[name] = kind;
                }
            }
        }

        return options;
    }

    private static string? OptionName(PropertyInfo property) =>
        OptionAttribute(property) is { } attribute ? Read(attribute, "LongName") : null;

    // CommandLineParser's OptionAttribute, found by name: the package is BenchmarkDotNet's dependency, not ours.
    private static Attribute? OptionAttribute(PropertyInfo property) =>
        property.GetCustomAttributes().FirstOrDefault(a => a.GetType().Name == "OptionAttribute");

    private static string Read(Attribute attribute, string property) =>
        attribute.GetType().GetProperty(property)?.GetValue(attribute) as string ?? "";

    private enum OptionKind
    {
        Flag,
        Single,
        Sequence,
    }
}
