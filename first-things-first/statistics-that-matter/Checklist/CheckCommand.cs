using System.Globalization;
using LabStatistics;
using MeasurementLab;

namespace StatisticsThatMatter.Checklist;

/// <summary>
/// <c>check</c>: the post's "Before you ship the number" checklist applied to BenchmarkDotNet JSON reports.
/// Exit codes: 0 checked (whatever the verdicts), 1 a report is unusable, 2 a bad command line or a missing file.
/// </summary>
public static class CheckCommand
{
    /// <summary>The sub-command's name.</summary>
    public const string Name = "check";

    /// <summary>Exit code for a report that cannot be used.</summary>
    public const int BadReportExitCode = 1;

    /// <summary>The usage text.</summary>
    public static readonly string Usage = $$"""
        Usage: dotnet run -c Release -- check REPORT.json [REPORT.json ...] [options]

        Applies the post's "Before you ship the number" checklist to BenchmarkDotNet JSON reports: for every
        baseline/candidate pair it prints the iterations, both 99.9% confidence intervals and whether they overlap,
        Welch's t-test and the Mann-Whitney U test on the raw per-operation times, the ratio against your SESOI,
        Cohen's d with its caveat, and for a micro/macro pair Amdahl's prediction beside the measured macro ratio;
        then one verdict per pair: unresolved / real but below SESOI / real and above SESOI.

        REPORT.json   BenchmarkDotNet JSON with measurements: this post writes *-report-full-annotated.json
                      (BenchmarkDotNet's full JSON plus the baseline markers and categories BDN's JSON omits);
                      any other *-report-full.json / *-report-full-compressed.json (--exporters fulljson / json)
                      works with --baseline or --pair. A brief JSON works too (its Statistics.OriginalValues).

        Options:
          --sesoi P%             smallest effect size of interest, e.g. 5% or 0.5% (default {{ChecklistDefaults.SesoiText}})
          --alpha A              significance level both tests must reach (default {{ChecklistDefaults.Alpha.ToString(CultureInfo.InvariantCulture)}}, matching the 99.9% intervals)
          --min-iterations N     the "enough iterations" line (default {{ChecklistDefaults.MinIterations}}, as in the post)
          --baseline M1,M2       reference method(s): each other method with the same class, job and parameters is
                                 compared with it (needed for JSON without baseline markers; overrides them)
          --pair B:C,B2:C2       explicit baseline:candidate method pairs (same class, job and parameters)
          --micro SEL --macro SEL
                                 the micro and macro pairs for Amdahl's law, each a category or a baseline method
                                 name (default: categories {{AmdahlCheck.MicroCategory}} and {{AmdahlCheck.MacroCategory}} when both are present)
          --fraction F           share of the macro baseline's time spent in the swapped step (0 < F < 1), e.g. from
                                 a profiler. Default: measured as T(micro baseline) / T(macro baseline), valid when
                                 the micro baseline runs exactly that step on the same data (as in MicroVsMacro)
          -h, --help             this text

        Verdict: "real" needs both Welch and Mann-Whitney p < alpha; then |candidate/baseline - 1| is held against
        the SESOI. Exit codes: 0 checked, 1 a report is unusable (the message names the file), 2 bad arguments.

        Example: dotnet run -c Release -- check BenchmarkDotNet.Artifacts/results/*-report-full-annotated.json --sesoi 5%
        """;

    /// <summary>The sub-command for <see cref="LabEntryPoint"/>, writing to the console.</summary>
    public static SubCommand Create() =>
        new(Name, "apply the \"before you ship the number\" checklist to BenchmarkDotNet JSON reports",
            args => Run(args, Console.Out, Console.Error), Usage);

    /// <summary>Runs the check; throws <see cref="UsageException"/> for a bad command line.</summary>
    public static int Run(string[] args, TextWriter output, TextWriter error)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        var reader = new OptionReader(args);
        double sesoi = ParseSesoi(reader.String("--sesoi"));
        double alpha = reader.Number("--alpha", ChecklistDefaults.Alpha, min: 0, max: 0.5, exclusiveMin: true);
        int minIterations = (int)reader.Integer("--min-iterations", ChecklistDefaults.MinIterations, min: 2, max: 1_000_000);
        var baselines = SplitList(reader.String("--baseline"), "--baseline");
        var pairs = SplitList(reader.String("--pair"), "--pair").Select(ParsePair).ToList();
        string? micro = reader.String("--micro");
        string? macro = reader.String("--macro");
        string? fractionText = reader.String("--fraction");
        double? fraction = fractionText is null ? null : ParseFraction(fractionText);
        reader.EnsureAllConsumed(maxPositionals: int.MaxValue);
        var files = reader.Positionals;
        if (files.Count == 0)
        {
            throw new UsageException("Give at least one BenchmarkDotNet JSON report (e.g. BenchmarkDotNet.Artifacts/results/*-report-full-annotated.json).");
        }

        if ((micro is null) != (macro is null))
        {
            throw new UsageException("--micro and --macro go together: name both pairs, or neither to use the Micro and Macro categories.");
        }

        foreach (string file in files)
        {
            if (Directory.Exists(file))
            {
                throw new UsageException($"'{file}' is a directory; give the JSON report files in it (BenchmarkDotNet writes them to BenchmarkDotNet.Artifacts/results/).");
            }

            if (!File.Exists(file))
            {
                throw new UsageException($"Report file '{file}' does not exist.");
            }
        }

        var settings = new CheckSettings(sesoi, alpha, minIterations);
        var pairing = new PairingOptions(baselines, pairs);
        var reports = new List<BdnReport>();
        var allPairs = new List<BenchmarkPair>();
        var notes = new List<string>();
        var problems = new List<string>();
        foreach (string file in files)
        {
            try
            {
                var report = BdnReportReader.Load(file);
                var (found, groupNotes) = PairFinder.Find(report, pairing);
                reports.Add(report);
                allPairs.AddRange(found);
                notes.AddRange(groupNotes.Select(n => $"{file}: {n}"));
            }
            catch (ReportFormatException e)
            {
                problems.Add(e.Message);
            }
        }

        if (problems.Count > 0)
        {
            foreach (string problem in problems)
            {
                error.WriteLine($"error: {problem}");
            }

            return BadReportExitCode;
        }

        var analyses = allPairs.Select(p => PairAnalysis.Analyze(p, settings)).ToList();
        var printer = new ChecklistPrinter(output, settings);
        printer.Header(reports);
        for (int i = 0; i < analyses.Count; i++)
        {
            printer.Pair(i + 1, analyses.Count, analyses[i]);
        }

        printer.Notes(notes);
        if (micro is not null || fraction is not null || HasCategory(analyses, AmdahlCheck.MicroCategory) && HasCategory(analyses, AmdahlCheck.MacroCategory))
        {
            string microSelector = micro ?? AmdahlCheck.MicroCategory;
            string macroSelector = macro ?? AmdahlCheck.MacroCategory;
            var microPair = Select(analyses, microSelector, "--micro", out string? microProblem);
            var macroPair = Select(analyses, macroSelector, "--macro", out string? macroProblem);
            if (micro is not null && (microPair is null || macroPair is null))
            {
                // The user named them: a selector that matches nothing is an error, not a silent skip.
                error.WriteLine($"error: {microProblem ?? macroProblem}");
                return BadReportExitCode;
            }

            var (check, problem) = microPair is not null && macroPair is not null
                ? AmdahlCheck.Evaluate(microPair, macroPair, fraction)
                : (null, microProblem ?? macroProblem);
            printer.Amdahl(check, problem, microSelector, macroSelector);
        }

        printer.Verdicts(analyses);
        return 0;
    }

    /// <summary>Parses "5%" or "0.5%" into 0.05 or 0.005.</summary>
    internal static double ParseSesoi(string? text)
    {
        if (text is null)
        {
            return ChecklistDefaults.Sesoi;
        }

        string trimmed = text.Trim();
        if (!trimmed.EndsWith('%')
            || !double.TryParse(trimmed[..^1], NumberStyles.Float, CultureInfo.InvariantCulture, out double percent)
            || !double.IsFinite(percent))
        {
            throw new UsageException($"--sesoi needs a percentage such as 5% or 0.5%; got '{text}'.");
        }

        if (!(percent > 0 && percent < 100))
        {
            throw new UsageException($"--sesoi must be greater than 0% and less than 100%; got '{text}'.");
        }

        return percent / 100;
    }

    private static double ParseFraction(string text)
    {
        if (!double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double value) || !(value > 0 && value < 1))
        {
            throw new UsageException($"--fraction needs a number greater than 0 and less than 1 (e.g. 0.057); got '{text}'.");
        }

        return value;
    }

    private static List<string> SplitList(string? text, string option)
    {
        if (text is null)
        {
            return [];
        }

        var items = text.Split(',', StringSplitOptions.TrimEntries);
        if (items.Any(i => i.Length == 0))
        {
            throw new UsageException($"{option} has an empty entry in '{text}'; separate method names with commas.");
        }

        return [.. items];
    }

    private static (string Baseline, string Candidate) ParsePair(string text)
    {
        string[] parts = text.Split(':', StringSplitOptions.TrimEntries);
        if (parts.Length != 2 || parts[0].Length == 0 || parts[1].Length == 0 || parts[0] == parts[1])
        {
            throw new UsageException($"--pair needs BASELINE:CANDIDATE with two different method names; got '{text}'.");
        }

        return (parts[0], parts[1]);
    }

    private static bool HasCategory(IEnumerable<PairAnalysis> analyses, string category) =>
        analyses.Any(a => a.Pair.Categories.Contains(category, StringComparer.Ordinal));

    private static PairAnalysis? Select(IReadOnlyList<PairAnalysis> analyses, string selector, string option, out string? problem)
    {
        var matches = analyses.Where(a => a.Pair.Categories.Contains(selector, StringComparer.Ordinal)
                                          || a.Pair.Baseline.Method == selector).ToList();
        problem = matches.Count switch
        {
            0 => $"{option} '{selector}' matches no pair (a pair is selected by category or by its baseline's method name; pairs: " +
                 string.Join("; ", analyses.Select(a => a.Pair.Title)) + ").",
            > 1 => $"{option} '{selector}' matches {matches.Count} pairs ({string.Join("; ", matches.Select(m => m.Pair.Title))}); Amdahl's check needs exactly one.",
            _ => null,
        };
        return matches.Count == 1 ? matches[0] : null;
    }
}
