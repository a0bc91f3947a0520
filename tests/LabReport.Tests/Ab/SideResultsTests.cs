using LabReport.Ab;

namespace LabReport.Tests.Ab;

/// <summary>What a side's process measured: BenchmarkDotNet's full JSON reports, or a mode's table.</summary>
public class SideResultsTests
{
    private static readonly Selection InsertLoop = new("p", [], "insert-loop", "insert-ns", 2, []);

    [Fact]
    public void A_modes_value_is_the_median_of_its_column_after_the_warm_up_rows()
    {
        const string Output = """
            # Settings { Striped = True, Threads = 1 }
            batch  insert-ns  flush-ns  inserts/s  cpu-ns  log-MB  dirty-MB  gc0/1/2
                0       9000        0    111,111    9000       0        0    1/0/0
                1       5000        0    200,000    5000       0        0    0/0/0
                2        330        7  3,030,303     300       0        0    0/0/0
                3        310        7  3,225,806     300       0        0    0/0/0
                4        350        7  2,857,142     300       0        0    0/0/0
                5        320        7  3,125,000     300       0        0    0/0/0
            """;

        var sample = SideResults.FromTable(Output, InsertLoop).Should().ContainSingle().Subject;

        sample.Key.Should().Be("insert-loop insert-ns");
        sample.Value.MeanNs.Should().Be(325);
        sample.Value.Iterations.Should().Equal(330, 310, 350, 320);
    }

    [Theory]
    [InlineData("batch  other\n0  1\n", "printed no table with a column 'insert-ns'")]
    [InlineData("batch  insert-ns\n0  1\n1  2\n", "printed no row of 'insert-ns' after the first 2")]
    [InlineData("batch  insert-ns\n0  1\n1  2\n2  fast\n", "column 'insert-ns' holds a value that is not a number")]
    public void A_table_without_the_value_is_a_failure(string output, string message) =>
        FluentActions.Invoking(() => SideResults.FromTable(output, InsertLoop)).Should().Throw<AbFailure>().WithMessage($"*{message}*");

    [Fact]
    public void Reports_give_one_sample_per_case_keyed_by_class_method_and_parameters()
    {
        using var dir = new TempDirectory();
        Directory.CreateDirectory(Path.Combine(dir.Path, "results"));
        File.WriteAllText(Path.Combine(dir.Path, "results", "X.DurableBatch-report-full.json"), """
            {"Title":"t","Benchmarks":[
              {"Type":"DurableBatch","Method":"Insert","Parameters":"Target=Sqlite&Threads=2","DisplayInfo":"DurableBatch.Insert: Job-A",
               "Measurements":[{"IterationMode":"Workload","IterationStage":"Result","Operations":2,"Nanoseconds":300},
                               {"IterationMode":"Workload","IterationStage":"Result","Operations":2,"Nanoseconds":500},
                               {"IterationMode":"Workload","IterationStage":"Actual","Operations":2,"Nanoseconds":9000}]},
              {"Type":"DurableBatch","Method":"Plain","Parameters":"","DisplayInfo":"DurableBatch.Plain: Job-A",
               "Measurements":[{"IterationMode":"Workload","IterationStage":"Result","Operations":1,"Nanoseconds":7}]}]}
            """);

        var samples = SideResults.FromReports(dir.Path);

        samples.Keys.Should().BeEquivalentTo("DurableBatch.Insert [Target=Sqlite, Threads=2]", "DurableBatch.Plain");
        samples["DurableBatch.Insert [Target=Sqlite, Threads=2]"].Should().BeEquivalentTo(new BenchmarkSample(200, [150, 250]));
    }

    [Fact]
    public void A_case_without_measurements_or_no_report_at_all_is_a_failure()
    {
        using var dir = new TempDirectory();
        FluentActions.Invoking(() => SideResults.FromReports(dir.Path)).Should().Throw<AbFailure>().WithMessage("no BenchmarkDotNet report in*");
        Directory.CreateDirectory(Path.Combine(dir.Path, "results"));
        File.WriteAllText(Path.Combine(dir.Path, "results", "X-report-full.json"),
            """{"Benchmarks":[{"Type":"K","Method":"M","Parameters":"","DisplayInfo":"K.M: Job"}]}""");
        FluentActions.Invoking(() => SideResults.FromReports(dir.Path)).Should().Throw<AbFailure>().WithMessage("K.M produced no measurements*");
    }
}
