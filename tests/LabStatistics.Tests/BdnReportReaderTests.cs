using System.Text.Json;
using LabStatistics;

namespace LabStatistics.Tests;

public class BdnReportReaderTests
{
    [Fact]
    public void Reads_the_annotated_report_with_markers_and_categories()
    {
        var report = BdnReportReader.Load(Fixtures.Quick("MicroVsMacro"));
        report.HasBaselineMarkers.Should().BeTrue();
        report.Benchmarks.Select(b => b.Method).Should().BeEquivalentTo("LookupLinear", "LookupDictionary", "PipelineLinear", "PipelineDictionary");
        report.Benchmarks.Where(b => b.IsBaseline == true).Select(b => b.Method).Should().BeEquivalentTo("LookupLinear", "PipelineLinear");
        report.Benchmarks.Single(b => b.Method == "PipelineDictionary").Categories.Should().Equal("Macro");
        report.Benchmarks.Should().OnlyContain(b => b.Job == "Job-KZAPPQ(IterationCount=5, LaunchCount=1, WarmupCount=1)");
    }

    [Theory]
    [InlineData("NoisyComparison")]
    [InlineData("EffectSizeDemo")]
    [InlineData("MicroVsMacro")]
    public void Result_measurements_are_the_values_BenchmarkDotNet_computed_its_statistics_from(string benchmarkClass)
    {
        // Independent read of the same file: BDN's Statistics.OriginalValues and ConfidenceInterval.Margin.
        string path = Fixtures.Quick(benchmarkClass);
        using var json = JsonDocument.Parse(File.ReadAllText(path));
        var report = BdnReportReader.Load(path);
        foreach (var (entry, element) in report.Benchmarks.Zip(json.RootElement.GetProperty("Benchmarks").EnumerateArray()))
        {
            var statistics = element.GetProperty("Statistics");
            var original = statistics.GetProperty("OriginalValues").EnumerateArray().Select(v => v.GetDouble()).Order().ToList();
            entry.Values.Order().Should().Equal(original, (a, b) => Math.Abs(a - b) <= 1e-9 * Math.Abs(b), entry.Name);

            // Our 99.9% interval (t quantile inverted here) equals BenchmarkDotNet's Error on real data, to the
            // precision of BDN's own t quantile (about 1e-8 relative).
            double margin = statistics.GetProperty("ConfidenceInterval").GetProperty("Margin").GetDouble();
            ConfidenceInterval.ForMean(SampleSummary.FromValues(entry.Values)).HalfWidth
                .Should().BeApproximately(margin, margin * 1e-7, entry.Name);
            entry.BdnErrorNs.Should().Be(margin);
            entry.ActualIterations.Should().Be(5, "the run had --iterationCount 5");
        }
    }

    [Fact]
    public void Reads_a_plain_BenchmarkDotNet_full_report_without_markers()
    {
        var report = BdnReportReader.Load(Fixtures.QuickPlainMicroVsMacro);
        report.HasBaselineMarkers.Should().BeFalse();
        report.Benchmarks.Should().HaveCount(4).And.OnlyContain(b => b.Categories.Count == 0 && b.IsBaseline == null && b.Values.Count >= 4);
    }

    [Fact]
    public void Reads_parameters_and_the_job_from_the_display_name()
    {
        var entry = BdnReportReader.Load(Fixtures.Quick("NoisyComparison")).Benchmarks[0];
        entry.Parameters.Should().Be("N=20000000");
        entry.Job.Should().Be("Job-KZAPPQ(IterationCount=5, LaunchCount=1, WarmupCount=1)");
        entry.Name.Should().Be("NoisyComparison.FilterBranch [N=20000000]");
    }

    [Fact]
    public void A_report_without_measurements_falls_back_to_the_original_values()
    {
        var report = BdnReportReader.Load(Fixtures.BriefLike);
        report.Benchmarks[0].Values.Should().HaveCount(16);
        report.Benchmarks[0].ValueSource.Should().Contain("OriginalValues");
        report.Benchmarks.Single(b => b.Method == "Failed").Values.Should().BeEmpty();
    }

    [Theory]
    [InlineData("not-json.json", "is not valid JSON")]
    [InlineData("no-benchmarks.json", "no \"Benchmarks\" array")]
    [InlineData("benchmarks-not-array.json", "\"Benchmarks\" is an object, not an array")]
    [InlineData("empty-benchmarks.json", "holds no benchmarks")]
    [InlineData("top-level-array.json", "the top level is an array")]
    [InlineData("entry-without-method.json", "benchmark #1 has no \"Method\"")]
    public void Malformed_reports_name_the_file_and_the_problem(string file, string problem)
    {
        string path = Fixtures.Malformed(file);
        var error = FluentActions.Invoking(() => BdnReportReader.Load(path)).Should().Throw<ReportFormatException>().Which;
        error.Path.Should().Be(path);
        error.Message.Should().StartWith(path + ": ").And.Contain(problem);
    }
}
