using System.Text.RegularExpressions;

namespace EnemiesOfMeasurement.CommandLine;

/// <summary>
/// Decides, before BenchmarkDotNet starts, whether a command line will run a given benchmark: no filter means
/// everything (the lab's convention), otherwise BenchmarkDotNet's glob rules (<c>*</c>, <c>?</c>, case-insensitive,
/// against Namespace.Type.Method). Used to print E4's cache report only when E4 is about to run.
/// </summary>
public static class BenchmarkSelection
{
    private static readonly string[] InformationalSwitches = ["--list", "--help", "-h", "-?", "--version", "--info"];

    /// <summary>True when the arguments run benchmarks (not --list/--help) and some filter matches <paramref name="fullName"/>.</summary>
    public static bool WillRun(IReadOnlyList<string> args, string fullName)
    {
        ArgumentNullException.ThrowIfNull(args);
        if (args.Any(a => InformationalSwitches.Any(s => a == s || a.StartsWith(s + "=", StringComparison.Ordinal))))
        {
            return false;
        }

        var patterns = FilterPatterns(args);
        return patterns.Count == 0 || patterns.Any(p => Matches(p, fullName));
    }

    /// <summary>The values of every --filter/-f option (an option takes values until the next option).</summary>
    public static IReadOnlyList<string> FilterPatterns(IReadOnlyList<string> args)
    {
        ArgumentNullException.ThrowIfNull(args);
        var patterns = new List<string>();
        for (int i = 0; i < args.Count; i++)
        {
            string a = args[i];
            if (a.StartsWith("--filter=", StringComparison.Ordinal))
            {
                patterns.Add(a["--filter=".Length..]);
            }
            else if (a is "--filter" or "-f")
            {
                while (i + 1 < args.Count && !args[i + 1].StartsWith('-'))
                {
                    patterns.Add(args[++i]);
                }
            }
        }

        return patterns;
    }

    /// <summary>BenchmarkDotNet's glob: <c>*</c> any run of characters, <c>?</c> one character, case-insensitive.</summary>
    public static bool Matches(string pattern, string fullName)
    {
        ArgumentNullException.ThrowIfNull(pattern);
        string regex = "^" + Regex.Escape(pattern).Replace(@"\*", ".*", StringComparison.Ordinal).Replace(@"\?", ".", StringComparison.Ordinal) + "$";
        return Regex.IsMatch(fullName, regex, RegexOptions.IgnoreCase | RegexOptions.CultureInvariant, TimeSpan.FromSeconds(1));
    }
}
