using Calibration;
using LabReport.Ab;

namespace LabReport.Tests.Ab;

/// <summary>The known changes (shared/Calibration's scale) and the calibration table's arithmetic.</summary>
public class CalibrationTests
{
    [Theory]
    [InlineData(null, 1.0)]
    [InlineData("", 1.0)]
    [InlineData("1.05", 1.05)]
    [InlineData("0.1", 0.1)]
    [InlineData("10", 10.0)]
    public void The_scale_is_read_from_its_variable(string? text, double expected) =>
        CalibrationScale.Parse(text).Should().Be(expected);

    [Theory]
    [InlineData("fast")]
    [InlineData("0")]
    [InlineData("10.5")]
    [InlineData("-1")]
    [InlineData("NaN")]
    public void A_scale_that_is_not_one_is_refused_naming_the_variable(string text) =>
        FluentActions.Invoking(() => CalibrationScale.Parse(text)).Should().Throw<InvalidOperationException>()
            .WithMessage($"FTF_CALIBRATION_SCALE='{text}' is not a scale*e.g. 1.05 for 5% more work");

    [Theory]
    [InlineData(40_000)]
    [InlineData(100_000)]
    [InlineData(1_000_000)]
    public void Steps_make_the_work_ratio_the_scale_to_within_rounding(int baseSteps)
    {
        foreach (double scale in new[] { 1.02, 1.05, 1.1 })
        {
            ((double)CalibrationScale.Steps(baseSteps, scale) / CalibrationScale.Steps(baseSteps, 1)).Should().BeApproximately(scale, 1.3e-5);
        }

        CalibrationScale.Steps(1_000_000, 1.05).Should().Be(1_050_000);
    }

    private static CalibrationRow Row(AbMethod method, int change, int trial, string key, double ratio, Change verdict) =>
        new(new CalibrationCell(method, change), trial, new BenchmarkVerdict(key, 10, 1, ratio, ratio, ratio * 0.99, ratio * 1.01, 0.95, verdict, 0.01, 0.03, ""),
            TimeSpan.FromSeconds(60));

    [Fact]
    public void The_table_counts_false_positives_detections_and_the_spread_between_aa_trials()
    {
        // Interleaved: A/A ratios 1.00 and 1.02 (a: one flagged), 0.99 and 1.01 (b); +5% detected 3 of 4 times, once the wrong way.
        // Sequential: A/A ratios spread ten times wider.
        var rows = new List<CalibrationRow>
        {
            Row(AbMethod.Interleaved, 0, 1, "a", 1.00, Change.Same), Row(AbMethod.Interleaved, 0, 2, "a", 1.02, Change.Slower),
            Row(AbMethod.Interleaved, 0, 1, "b", 0.99, Change.Same), Row(AbMethod.Interleaved, 0, 2, "b", 1.01, Change.Same),
            Row(AbMethod.Interleaved, 5, 1, "a", 1.05, Change.Slower), Row(AbMethod.Interleaved, 5, 2, "a", 1.06, Change.Slower),
            Row(AbMethod.Interleaved, 5, 1, "b", 1.04, Change.Slower), Row(AbMethod.Interleaved, 5, 2, "b", 0.97, Change.Faster),
            Row(AbMethod.Sequential, 0, 1, "a", Math.Exp(-0.1), Change.Faster), Row(AbMethod.Sequential, 0, 2, "a", Math.Exp(0.1), Change.Slower),
            Row(AbMethod.Sequential, 5, 1, "a", 1.05, Change.Same), Row(AbMethod.Sequential, 5, 2, "a", 1.05, Change.Same),
        };

        var table = CalibrationTable.Rows(rows, [AbMethod.Sequential, AbMethod.Interleaved], [0, 5]);

        var interleaved = table.Single(r => r.Method == AbMethod.Interleaved);
        (interleaved.FalsePositives, interleaved.AaJudged, interleaved.Detection[5]).Should().Be((1, 4, (3, 4, 1)));
        // ln(1.02) and ln(1.01/0.99) over two trials each: sd = |difference| / √2, pooled as the root of the mean variance.
        double a = Math.Log(1.02) / Math.Sqrt(2);
        double b = (Math.Log(1.01) - Math.Log(0.99)) / Math.Sqrt(2);
        interleaved.AaSpread.Should().BeApproximately(Math.Sqrt((a * a + b * b) / 2), 1e-12);
        var sequential = table.Single(r => r.Method == AbMethod.Sequential);
        sequential.AaSpread.Should().BeApproximately(0.2 / Math.Sqrt(2), 1e-12);
        (sequential.FalsePositives, sequential.Detection[5]).Should().Be((2, (0, 2, 0)));

        string md = CalibrationTable.Markdown(table, [0, 5], 0.02);
        md.Should().Contain("| interleaved |").And.Contain("1/4 (25%)").And.Contain("3/4 (75%), 1 wrong way");
        md.Split('\n').Single(l => l.StartsWith("| interleaved", StringComparison.Ordinal))
            .Should().Contain((0.2 / Math.Sqrt(2) / interleaved.AaSpread).ToString("0.0", System.Globalization.CultureInfo.InvariantCulture) + "×");
    }

    [Fact]
    public void The_table_says_when_duet_measures_worse_than_interleaved()
    {
        var rows = new List<CalibrationRow>
        {
            Row(AbMethod.Interleaved, 0, 1, "a", 1.00, Change.Same), Row(AbMethod.Interleaved, 0, 2, "a", 1.01, Change.Same),
            Row(AbMethod.Duet, 0, 1, "a", 0.95, Change.Faster), Row(AbMethod.Duet, 0, 2, "a", 1.05, Change.Slower),
        };

        string md = CalibrationTable.Markdown(CalibrationTable.Rows(rows, [AbMethod.Interleaved, AbMethod.Duet], [0]), [0], 0.02);

        md.Should().Contain("Duet measures worse than interleaved here").And.Contain("Interleaved stays the default");
    }
}
