using System.Globalization;
using System.Text.RegularExpressions;

namespace LabRounds;

/// <summary>
/// A case a claim reads, as a post's claims.json names it, so that one string selects it everywhere: in the report
/// (which result to judge), in the planner (which cases to run again) and in a post's program (<c>--case</c>).
/// <list type="bullet">
/// <item><c>Class.Method</c> or <c>Class.Method(Name=Value&amp;Name=Value)</c>: a BenchmarkDotNet case by its class's
/// short name, its method and the parameters that pick it (BenchmarkDotNet's own "Name=Value&amp;…" form, so a value
/// may hold a comma: <c>Target=StripedTable, 2 threads</c>); parameters it does not name may take any value;</item>
/// <item>an optional group first, <c>five-iterations/NoisyComparison.FilterBranch</c>: the sub-folder of the post's
/// results where a run with other settings keeps its tables;</item>
/// <item><c>step:NAME</c>: a step the post's hook runs itself (a Mark step, a simulation), not BenchmarkDotNet.</item>
/// </list>
/// </summary>
public sealed partial record CaseSpec
{
    private const string StepPrefix = "step:";

    private CaseSpec(string text, string group, string @class, string method, IReadOnlyDictionary<string, string> parameters, string? step)
    {
        Text = text;
        Group = group;
        Class = @class;
        Method = method;
        Parameters = parameters;
        Step = step;
    }

    /// <summary>The spec as written.</summary>
    public string Text { get; }

    /// <summary>The results sub-folder of the run group ("" for the post's own folder; "noisy-vs-isolated/noisy").</summary>
    public string Group { get; }

    /// <summary>The benchmark class's short name ("" for a step).</summary>
    public string Class { get; }

    /// <summary>The benchmark method ("" for a step).</summary>
    public string Method { get; }

    /// <summary>The parameters that pick the case; any other parameter may take any value.</summary>
    public IReadOnlyDictionary<string, string> Parameters { get; }

    /// <summary>The step's name for <c>step:NAME</c>, else null.</summary>
    public string? Step { get; }

    /// <summary>True for a BenchmarkDotNet case (not a step).</summary>
    public bool IsBenchmark => Step is null;

    /// <summary>Reads a spec; throws <see cref="FormatException"/> naming what is wrong.</summary>
    public static CaseSpec Parse(string text) =>
        TryParse(text, out var spec, out string? problem) ? spec : throw new FormatException(problem);

    /// <summary>Reads a spec; false with the problem in one line.</summary>
    public static bool TryParse(string? text, out CaseSpec spec, out string? problem)
    {
        spec = null!;
        problem = null;
        if (string.IsNullOrWhiteSpace(text))
        {
            problem = "a case is empty";
            return false;
        }

        if (text.StartsWith(StepPrefix, StringComparison.Ordinal))
        {
            string step = text[StepPrefix.Length..];
            if (!StepPattern().IsMatch(step))
            {
                problem = $"case '{text}': a step is step:NAME, NAME of letters, digits and dashes";
                return false;
            }

            spec = new CaseSpec(text, "", "", "", new Dictionary<string, string>(), step);
            return true;
        }

        var match = BenchmarkPattern().Match(text);
        if (!match.Success)
        {
            problem = $"case '{text}': expected [group/]Class.Method or Class.Method(Name=Value&Name=Value)";
            return false;
        }

        var parameters = new Dictionary<string, string>(StringComparer.Ordinal);
        if (match.Groups["params"].Success)
        {
            foreach (string pair in match.Groups["params"].Value.Split('&'))
            {
                int eq = pair.IndexOf('=', StringComparison.Ordinal);
                if (eq <= 0 || !parameters.TryAdd(pair[..eq], pair[(eq + 1)..]))
                {
                    problem = $"case '{text}': parameter '{pair}' is not Name=Value, or is given twice";
                    return false;
                }
            }
        }

        string group = match.Groups["group"].Success ? match.Groups["group"].Value.TrimEnd('/') : "";
        spec = new CaseSpec(text, group, match.Groups["class"].Value, match.Groups["method"].Value, parameters, null);
        return true;
    }

    /// <summary>
    /// True when a benchmark case of class <paramref name="class"/> (its short or full name), method
    /// <paramref name="method"/> and these parameters is one this spec picks. Values compare as text, ignoring case.
    /// </summary>
    public bool Matches(string @class, string method, IReadOnlyDictionary<string, string> parameters)
    {
        ArgumentNullException.ThrowIfNull(@class);
        ArgumentNullException.ThrowIfNull(parameters);
        return IsBenchmark && ShortName(@class) == Class && method == Method
            && Parameters.All(p => parameters.TryGetValue(p.Key, out string? v) && string.Equals(v, p.Value, StringComparison.OrdinalIgnoreCase));
    }

    /// <summary>"Namespace.Outer+Class" → "Class".</summary>
    public static string ShortName(string type)
    {
        ArgumentNullException.ThrowIfNull(type);
        string last = type[(type.LastIndexOf('.') + 1)..];
        return last[(last.LastIndexOf('+') + 1)..];
    }

    /// <summary>A parameter value as BenchmarkDotNet writes it and a spec compares it (invariant culture).</summary>
    public static string ValueText(object? value) => value switch
    {
        null => "null",
        IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? "",
    };

    /// <inheritdoc />
    public override string ToString() => Text;

    [GeneratedRegex(@"^(?<group>(?:[A-Za-z0-9_.-]+/)+)?(?<class>[A-Za-z_][A-Za-z0-9_]*)\.(?<method>[A-Za-z_][A-Za-z0-9_]*)(?:\((?<params>[^()]+)\))?$", RegexOptions.CultureInvariant)]
    private static partial Regex BenchmarkPattern();

    [GeneratedRegex(@"^[A-Za-z0-9][A-Za-z0-9-]*$", RegexOptions.CultureInvariant)]
    private static partial Regex StepPattern();
}
