using Calibration;

namespace Ab.Tests;

/// <summary>The known changes ab is calibrated on: tools/Calibration's scale (B does exactly that much more work).</summary>
public class CalibrationScaleTests
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
}
