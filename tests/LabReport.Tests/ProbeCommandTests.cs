namespace LabReport.Tests;

public sealed class ProbeCommandTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("labreport-probe-").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Fact]
    public void Each_probe_appends_one_row_under_one_header()
    {
        string file = Path.Combine(_dir, ProbeCommand.FileName);

        RunFixture.Run("probe", "--label", "start", "--append", file).Code.Should().Be(0);
        RunFixture.Run("probe", "--label", "engine", "--append", file).Code.Should().Be(0);
        // The reading run-all takes after a planner step, in the form the report looks for (an earlier form had a
        // colon and a space, which the probe refused: no planner step was ever probed).
        RunFixture.Run("probe", "--label", RunFiles.ProbeFile.PlannerLabel("engine"), "--append", file).Code.Should().Be(0);

        var lines = File.ReadAllLines(file);
        lines[0].Should().Be(ProbeCommand.Header);
        lines.Skip(1).Select(l => l.Split(',')[0]).Should().Equal("start", "engine", "planner-engine");
        lines.Skip(1).Should().AllSatisfy(l =>
        {
            var cells = l.Split(',');
            cells.Should().HaveCount(4);
            double.Parse(cells[2], System.Globalization.CultureInfo.InvariantCulture).Should().BePositive();
            double.Parse(cells[3], System.Globalization.CultureInfo.InvariantCulture).Should().BePositive();
        });
    }

    [Theory]
    [InlineData(new string[0], "probe needs --label LABEL")]
    [InlineData(new[] { "--label", "a b" }, "--label must be letters, digits, '.', '_' or '-' (got 'a b')")]
    [InlineData(new[] { "--label", "x", "--append", "/nonexistent-dir/probe.csv" }, "--append /nonexistent-dir/probe.csv: the directory /nonexistent-dir does not exist")]
    [InlineData(new[] { "--label", "x", "extra" }, "extra")]
    public void Wrong_inputs_are_one_line_usage_errors(string[] args, string message)
    {
        var (code, _, error) = RunFixture.Run(["probe", .. args]);

        code.Should().Be(2);
        error.Split('\n')[0].Should().StartWith("error: ").And.Contain(message);
    }
}
