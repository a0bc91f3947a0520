namespace Ab.Tests;

public class BdnReportsTests
{
    [Fact]
    public void Reads_each_benchmarks_full_name_and_mean()
    {
        const string json = """
            {"Title":"Work-20260101","Benchmarks":[
              {"FullName":"Perf.Work.Run","Type":"Work","Method":"Run","Statistics":{"Mean":1234.5,"Median":1200}},
              {"FullName":"Perf.Work.Sized(N: 10)","Type":"Work","Method":"Sized","Statistics":{"Mean":99.0}}]}
            """;

        BdnReports.Parse(json, "x.json").Should().Equal(("Perf.Work.Run", 1234.5), ("Perf.Work.Sized(N: 10)", 99.0));
    }

    [Fact]
    public void A_benchmark_without_statistics_failed_and_says_so()
    {
        const string json = """{"Benchmarks":[{"FullName":"Perf.Work.Broken","Type":"Work","Method":"Broken","Statistics":null}]}""";

        FluentActions.Invoking(() => BdnReports.Parse(json, "x.json")).Should().Throw<SideFailedException>()
            .WithMessage("Perf.Work.Broken has no measurements in x.json*");
    }

    [Fact]
    public void A_folder_without_reports_is_a_failed_side()
    {
        using var temp = new TempDirectory("ab-test-");

        FluentActions.Invoking(() => BdnReports.Read(temp.Path)).Should().Throw<SideFailedException>().WithMessage("BenchmarkDotNet wrote no JSON report*");
    }

    [Theory]
    [InlineData("Perf.Work.Run", true)]
    [InlineData("Perf.Work.Sized(N: 10)", true)]
    [InlineData("// ***** BenchmarkRunner: Start   *****", false)]
    [InlineData("Available Benchmarks:", false)]
    [InlineData("", false)]
    public void Listing_lines_are_benchmark_names_only(string line, bool name) =>
        BdnSide.IsBenchmarkName(line).Should().Be(name);

    [Fact]
    public void A_side_passes_the_selection_and_a_short_in_process_job_to_BenchmarkDotNet()
    {
        var options = new AbOptions { A = "a", B = "b", Project = "p", Filters = ["*Parser*"], Extra = ["--memory"] };

        new BdnSide(options, "/tmp/x").Arguments("/tmp/x/r").Should().Equal("--filter", "*Parser*", "--inProcess", "--warmupCount", "1",
            "--iterationCount", "5", "--iterationTime", "50", "--exporters", "fulljson", "--artifacts", "/tmp/x/r", "--memory");
    }
}
