using LabStatistics;
using LabStatistics.Tests;
using MeasurementLab;
using StatisticsThatMatter.Checklist;

namespace StatisticsThatMatter.Tests.Checklist;

public class CheckCommandTests
{
    [Fact]
    public void Checks_every_pair_of_the_committed_sample_run()
    {
        var (code, output, error) = Run(Fixtures.Quick("NoisyComparison"), Fixtures.Quick("EffectSizeDemo"), Fixtures.Quick("MicroVsMacro"));
        code.Should().Be(0, error);
        error.Should().BeEmpty();
        foreach (string title in new[]
                 {
                     "NoisyComparison.FilterTernary vs FilterBranch (baseline) [N=20000000]",
                     "EffectSizeDemo.SumSpan vs SumArray (baseline) [N=1000000] {SmallEffect}",
                     "EffectSizeDemo.SearchBinary vs SearchLinear (baseline) [N=1000000] {LargeEffect}",
                     "MicroVsMacro.LookupDictionary vs LookupLinear (baseline) {Micro}",
                     "MicroVsMacro.PipelineDictionary vs PipelineLinear (baseline) {Macro}",
                 })
        {
            output.Should().Contain(title);
        }

        foreach (string line in new[] { "iterations", "99.9% CI", "overlap:", "Welch t-test", "Mann-Whitney U", "ratio", "Cohen's d", "verdict" })
        {
            CountOf(output, "  " + line).Should().BeGreaterThanOrEqualTo(5, line);
        }

        // Five iterations per benchmark: the checklist flags them, and the exact rank test cannot reach p < 0.001.
        output.Should().Contain("[CHECK: fewer than 15");
        var verdicts = output[output.IndexOf("Verdicts (", StringComparison.Ordinal)..].Split('\n').Skip(1).Where(l => l.Trim().Length > 0).ToList();
        verdicts.Should().HaveCount(5).And.OnlyContain(l => l.TrimStart().StartsWith("unresolved", StringComparison.Ordinal));
    }

    [Fact]
    public void Measures_amdahls_fraction_from_the_micro_and_macro_baselines()
    {
        var report = BdnReportReader.Load(Fixtures.Quick("MicroVsMacro"));
        double Mean(string method) => report.Benchmarks.Single(b => b.Method == method).Values.Average();
        double f = Mean("LookupLinear") / Mean("PipelineLinear");
        double s = Mean("LookupLinear") / Mean("LookupDictionary");
        double predicted = AmdahlLaw.PredictedTimeRatio(f, s);

        var (code, output, _) = Run(Fixtures.Quick("MicroVsMacro"));
        code.Should().Be(0);
        output.Should().Contain("Micro = Macro? (Amdahl's law; micro pair 'Micro', macro pair 'Macro')");
        output.Should().Contain($"fraction f        {f:0.0000} (");
        output.Should().Contain("measured: T(LookupLinear) / T(PipelineLinear)");
        output.Should().Contain($"local speedup S = {s:0.0}x");
        output.Should().Contain($"(1 - f) + f / S = {predicted:0.000}");
        output.Should().Contain($"ratio {Mean("PipelineDictionary") / Mean("PipelineLinear"):0.000}");
    }

    [Fact]
    public void A_given_fraction_replaces_the_measured_one_and_plain_reports_take_explicit_selectors()
    {
        var (code, output, error) = Run(Fixtures.QuickPlainMicroVsMacro, "--pair", "LookupLinear:LookupDictionary,PipelineLinear:PipelineDictionary",
            "--micro", "LookupLinear", "--macro", "PipelineLinear", "--fraction", "0.057");
        code.Should().Be(0, error);
        output.Should().Contain("fraction f        0.0570 (5.7% of the macro baseline; given with --fraction)");
        output.Should().Contain("no baseline markers");
    }

    [Fact]
    public void Verdicts_follow_the_tests_and_the_SESOI()
    {
        var (code, output, _) = Run(Fixtures.BriefLike, "--baseline", "Old");
        code.Should().Be(0);
        output.Should().Contain("real and above SESOI   Bench.New vs Old (baseline) [N=10]");
        output.Should().Contain("real but below SESOI   Bench.Same vs Old (baseline) [N=10]");
        output.Should().Contain("unresolved             Bench.Failed vs Old (baseline) [N=10]");
        output.Should().Contain("Failed has no measurements");

        var (_, strict, _) = Run(Fixtures.BriefLike, "--baseline", "Old", "--sesoi", "0.5%");
        strict.Should().Contain("real and above SESOI   Bench.Same vs Old (baseline) [N=10]");
    }

    [Fact]
    public void A_smoke_report_of_one_iteration_is_checked_but_unresolved()
    {
        var (code, output, _) = Run(Fixtures.SmokeNoisyComparison);
        code.Should().Be(0);
        output.Should().Contain("99.9% CI          n/a (needs >= 2 iterations");
        output.Should().Contain("verdict           unresolved (1 and 1 iteration(s)");
    }

    [Theory]
    [InlineData("not-json.json", "is not valid JSON")]
    [InlineData("no-benchmarks.json", "no \"Benchmarks\" array")]
    [InlineData("no-baseline-marked.json", "no baseline")]
    public void Unusable_reports_exit_1_naming_the_file_and_the_problem(string file, string problem)
    {
        string path = Fixtures.Malformed(file);
        var (code, output, error) = Run(Fixtures.Quick("NoisyComparison"), path);
        code.Should().Be(CheckCommand.BadReportExitCode);
        error.Should().StartWith($"error: {path}: ").And.Contain(problem);
        output.Should().BeEmpty("nothing is checked when one of the reports is unusable");
    }

    [Fact]
    public void A_plain_report_without_baseline_options_is_an_error()
    {
        var (code, _, error) = Run(Fixtures.QuickPlainMicroVsMacro);
        code.Should().Be(1);
        error.Should().Contain(Fixtures.QuickPlainMicroVsMacro).And.Contain("--baseline METHOD or --pair BASELINE:CANDIDATE");
    }

    [Theory]
    [InlineData(new string[0], "at least one BenchmarkDotNet JSON report")]
    [InlineData(new[] { "missing-report.json" }, "Report file 'missing-report.json' does not exist")]
    [InlineData(new[] { "@fixture", "--sesoi", "5" }, "--sesoi needs a percentage such as 5% or 0.5%; got '5'")]
    [InlineData(new[] { "@fixture", "--sesoi", "150%" }, "--sesoi must be greater than 0% and less than 100%")]
    [InlineData(new[] { "@fixture", "--alpha", "0" }, "--alpha must be greater than 0")]
    [InlineData(new[] { "@fixture", "--micro", "Micro" }, "--micro and --macro go together")]
    [InlineData(new[] { "@fixture", "--fraction", "1.5" }, "--fraction needs a number greater than 0 and less than 1")]
    [InlineData(new[] { "@fixture", "--pair", "A" }, "--pair needs BASELINE:CANDIDATE")]
    [InlineData(new[] { "@fixture", "--baseline", "A,,B" }, "--baseline has an empty entry")]
    [InlineData(new[] { "@fixture", "--sesio", "5%" }, "Unknown option: --sesio")]
    public void Bad_command_lines_are_usage_errors(string[] args, string message)
    {
        args = args.Select(a => a == "@fixture" ? Fixtures.Quick("NoisyComparison") : a).ToArray();
        FluentActions.Invoking(() => CheckCommand.Run(args, TextWriter.Null, TextWriter.Null))
            .Should().Throw<UsageException>().WithMessage($"*{message}*");
    }

    [Fact]
    public void A_directory_is_a_usage_error_that_says_where_the_files_are() =>
        FluentActions.Invoking(() => CheckCommand.Run([Fixtures.Root], TextWriter.Null, TextWriter.Null))
            .Should().Throw<UsageException>().WithMessage("*is a directory*BenchmarkDotNet.Artifacts/results*");

    [Fact]
    public void A_micro_selector_that_matches_nothing_is_an_error()
    {
        var (code, _, error) = Run(Fixtures.Quick("MicroVsMacro"), "--micro", "Nope", "--macro", "Macro");
        code.Should().Be(1);
        error.Should().Contain("--micro 'Nope' matches no pair");
    }

    [Fact]
    public void Usage_documents_every_option()
    {
        foreach (string option in new[] { "--sesoi", "--alpha", "--min-iterations", "--baseline", "--pair", "--micro", "--macro", "--fraction", "--help" })
        {
            CheckCommand.Usage.Should().Contain(option);
        }
    }

    private static (int Code, string Output, string Error) Run(params string[] args)
    {
        var output = new StringWriter();
        var error = new StringWriter();
        int code = CheckCommand.Run(args, output, error);
        return (code, output.ToString(), error.ToString());
    }

    private static int CountOf(string text, string value)
    {
        int count = 0;
        for (int at = text.IndexOf(value, StringComparison.Ordinal); at >= 0; at = text.IndexOf(value, at + value.Length, StringComparison.Ordinal))
        {
            count++;
        }

        return count;
    }
}
