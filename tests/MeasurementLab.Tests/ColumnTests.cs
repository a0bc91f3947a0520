namespace MeasurementLab.Tests;

public class ColumnTests
{
    [Theory]
    [InlineData(36.76, "27.2M")]
    [InlineData(8_000, "125K")]
    [InlineData(20.28, "49.31M")]
    [InlineData(2_000_000, "500")]
    [InlineData(0.5, "2.00G")]
    public void Throughput_reads_like_the_post(double nanosecondsPerOp, string expected)
    {
        ThroughputColumn.Format(ThroughputColumn.OpsPerSecond(nanosecondsPerOp)).Should().Be(expected);
    }

    [Fact]
    public void Metrics_round_trip_through_tagged_output_lines()
    {
        var writer = new StringWriter();
        var original = Console.Out;
        Console.SetOut(writer);
        try
        {
            LabMetric.Report("threads", 32);
            LabMetric.Report("wal-fs", "ext4");
            LabMetric.Report("threads", 31);
        }
        finally
        {
            Console.SetOut(original);
        }

        var lines = writer.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries).Append("unrelated output").ToList();
        LabMetric.Parse(lines, "threads").Should().Equal("32", "31");
        LabMetric.Parse(lines, "wal-fs").Should().Equal("ext4");
        LabMetricColumn.Aggregate(LabMetric.Parse(lines, "threads"), LabMetricAggregate.Min).Should().Be("31");
        LabMetricColumn.Aggregate(LabMetric.Parse(lines, "threads"), LabMetricAggregate.Max).Should().Be("32");
        LabMetricColumn.Aggregate(LabMetric.Parse(lines, "wal-fs"), LabMetricAggregate.Last).Should().Be("ext4");
        LabMetricColumn.Aggregate([], LabMetricAggregate.Min).Should().Be("-");
    }

    [Fact]
    public void A_metric_name_cannot_break_the_line_format()
    {
        var act = () => LabMetric.Report("a=b", "1");
        act.Should().Throw<ArgumentException>();
    }
}
