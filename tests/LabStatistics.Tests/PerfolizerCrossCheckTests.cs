using Perfolizer.Mathematics.SignificanceTesting;
using Perfolizer.Mathematics.SignificanceTesting.Base;
using Perfolizer.Mathematics.SignificanceTesting.MannWhitney;
using Perfolizer.Metrology;
using Pragmastat;

namespace LabStatistics.Tests;

/// <summary>
/// Our Welch and Mann-Whitney tests against Perfolizer, the statistics engine BenchmarkDotNet ships with, on the
/// same samples: two implementations written apart that agree are the check a hand-written test cannot be.
/// </summary>
public class PerfolizerCrossCheckTests
{
    public static TheoryData<double[], double[]> Samples => new()
    {
        // A benchmark pair like the post's (FilterBranch vs FilterTernary, ms), unequal sizes and spreads.
        { [25.31, 25.12, 25.47, 25.20, 25.28, 25.05, 25.39, 25.22], [25.66, 25.58, 25.71, 25.49, 25.62, 25.77] },
        // Overlapping samples: a difference no test should call.
        { [10.5, 3.2, 7.7, 1.1, 6.1], [2.2, 9.9, 4.4, 8.8, 6.6] },
        // Twenty iterations each, the post's full job, with one outlier iteration on the right.
        {
            [25.1, 25.3, 25.2, 25.4, 25.0, 25.25, 25.35, 25.15, 25.05, 25.45, 25.22, 25.28, 25.18, 25.32, 25.12, 25.38, 25.08, 25.42, 25.26, 25.16],
            [25.6, 25.7, 25.5, 25.65, 25.55, 25.75, 25.62, 25.58, 25.68, 25.52, 25.72, 25.57, 25.63, 25.66, 25.54, 25.71, 25.59, 25.61, 25.67, 27.9]
        },
    };

    [Theory]
    [MemberData(nameof(Samples))]
    public void Welch_agrees_with_Perfolizer(double[] x, double[] y)
    {
        var ours = WelchTTest.Test(x, y);
        var theirs = WelchTest.Instance.Perform(new Sample(x), new Sample(y), AlternativeHypothesis.TwoSides, Threshold.Zero);
        ours.T.Should().BeApproximately(theirs.T, 1e-10);
        ours.DegreesOfFreedom.Should().BeApproximately(theirs.Df, 1e-9);
        ours.PValue.Should().BeApproximately((double)theirs.PValue, 1e-9);
    }

    // Samples without ties and at most 50 a side: both libraries use the exact distribution of U there.
    [Theory]
    [MemberData(nameof(Samples))]
    public void Mann_Whitney_agrees_with_Perfolizer(double[] x, double[] y)
    {
        var ours = MannWhitneyUTest.Test(x, y);
        var theirs = MannWhitneyTest.Instance.Perform(new Sample(x), new Sample(y), AlternativeHypothesis.TwoSides, Threshold.Zero);
        ours.U1.Should().Be(theirs.Ux);
        ours.PValue.Should().BeApproximately((double)theirs.PValue, 1e-9);
    }
}
