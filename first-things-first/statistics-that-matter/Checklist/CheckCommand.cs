using System.Globalization;
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
        var request = CheckSettings.Parse(args);
        var reports = CheckReports.Load(request.Files, request.Pairing);
        if (reports.Problems.Count > 0)
        {
            foreach (string problem in reports.Problems)
            {
                error.WriteLine($"error: {problem}");
            }

            return BadReportExitCode;
        }

        var analyses = reports.Pairs.Select(p => PairAnalysis.Analyze(p, request.Thresholds)).ToList();
        var printer = new ChecklistPrinter(output, request.Thresholds);
        printer.Header(reports.Reports);
        for (int i = 0; i < analyses.Count; i++)
        {
            printer.Pair(i + 1, analyses.Count, analyses[i]);
        }

        printer.Notes(reports.Notes);
        if (AmdahlSelection.Wanted(request, analyses))
        {
            var selection = AmdahlSelection.Select(request, analyses);
            if (selection.NamedPairMissing)
            {
                // The user named them: a selector that matches nothing is an error, not a silent skip.
                error.WriteLine($"error: {selection.Problem}");
                return BadReportExitCode;
            }

            var (check, problem) = selection.Micro is not null && selection.Macro is not null
                ? AmdahlCheck.Evaluate(selection.Micro, selection.Macro, request.Fraction)
                : (null, selection.Problem);
            printer.Amdahl(check, problem, selection.MicroSelector, selection.MacroSelector);
        }

        printer.Verdicts(analyses);
        return 0;
    }
}
