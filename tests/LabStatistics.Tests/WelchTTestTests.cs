using LabStatistics;

namespace LabStatistics.Tests;

public class WelchTTestTests
{
    [Fact]
    public void Reproduces_the_posts_worked_example()
    {
        // The post, Layer 1 and footnote 2: FilterBranch 25.25 ms (SD 0.177), FilterTernary 25.64 ms (SD 0.109), 20 iterations
        // each -> t ≈ -8.4, df ≈ 32 (Welch-Satterthwaite), p < 0.001.
        var result = WelchTTest.Test(new SampleSummary(20, 25.25, 0.177), new SampleSummary(20, 25.64, 0.109));
        result.T.Should().BeApproximately(-8.39, 0.01);
        result.DegreesOfFreedom.Should().BeApproximately(31.6, 0.05);
        Math.Round(result.DegreesOfFreedom).Should().Be(32);
        result.PValue.Should().BeLessThan(0.001);
    }

    [Fact]
    public void Reproduces_Rs_welch_test_on_the_sleep_data()
    {
        // Student's sleep data (Cushny & Peebles, 1905), as printed by R's documented example
        // t.test(extra ~ group, data = sleep): "t = -1.8608, df = 17.776, p-value = 0.07939".
        double[] group1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
        double[] group2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];
        var result = WelchTTest.Test(group1, group2);
        result.T.Should().BeApproximately(-1.8608, 0.00005);
        result.DegreesOfFreedom.Should().BeApproximately(17.776, 0.0005);
        result.PValue.Should().BeApproximately(0.07939, 0.000005);
    }

    [Fact]
    public void Equal_variances_and_sizes_give_an_integer_df_with_an_exact_p()
    {
        // {1, 3} vs {5, 7}: s² = 2 each, SE = √2, t = -4/√2, df = (1 + 1)² / (1/1 + 1/1) = 2 exactly;
        // for df = 2 the two-sided p is 1 - |t| / √(t² + 2) (closed form of the t CDF).
        var result = WelchTTest.Test([1.0, 3.0], [5.0, 7.0]);
        double t = -4 / Math.Sqrt(2);
        result.T.Should().BeApproximately(t, 1e-14);
        result.DegreesOfFreedom.Should().BeApproximately(2, 1e-14);
        result.PValue.Should().BeApproximately(1 - Math.Abs(t) / Math.Sqrt(t * t + 2), 1e-13);
    }

    [Fact]
    public void A_constant_second_sample_gives_df_one_with_the_cauchy_p()
    {
        // {1, 3} vs {5, 5}: only the first variance counts, df = n1 - 1 = 1, t = (2 - 5) / 1 = -3;
        // for df = 1 the two-sided p is 1 - 2 atan(|t|) / π.
        var result = WelchTTest.Test([1.0, 3.0], [5.0, 5.0]);
        result.T.Should().BeApproximately(-3, 1e-14);
        result.DegreesOfFreedom.Should().BeApproximately(1, 1e-14);
        result.PValue.Should().BeApproximately(1 - 2 * Math.Atan(3) / Math.PI, 1e-13);
    }

    [Fact]
    public void Constant_samples_have_a_known_answer_and_too_small_ones_are_rejected()
    {
        WelchTTest.Test([2.0, 2.0], [2.0, 2.0]).PValue.Should().Be(1);
        WelchTTest.Test([2.0, 2.0], [3.0, 3.0]).PValue.Should().Be(0);
        FluentActions.Invoking(() => WelchTTest.Test([1.0], [2.0, 3.0])).Should().Throw<ArgumentException>();
    }
}
