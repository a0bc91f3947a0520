using LabStatistics;

namespace LabStatistics.Tests;

public class MannWhitneyUTestTests
{
    [Fact]
    public void Reproduces_Rs_documented_exact_example()
    {
        // R's ?wilcox.test example (Hollander & Wolfe, 1973, p. 69): wilcox.test(x, y, alternative = "greater")
        // prints "W = 35, p-value = 0.1272"; W is U of x. No ties, so the p-value is exact; two-sided is twice the tail.
        double[] x = [0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46];
        double[] y = [1.15, 0.88, 0.90, 0.74, 1.21];
        var result = MannWhitneyUTest.Test(x, y);
        result.U1.Should().Be(35);
        result.U2.Should().Be(15);
        result.Method.Should().Be(MannWhitneyMethod.Exact);
        (result.PValue / 2).Should().BeApproximately(0.1272, 0.00005);
        result.PValue.Should().BeApproximately(BruteForceTwoSidedP(x, y), 1e-12);
    }

    [Fact]
    public void Reproduces_Rs_normal_approximation_with_ties_on_the_sleep_data()
    {
        // wilcox.test(extra ~ group, data = sleep) prints "W = 25.5, p-value = 0.06933" (ties: normal approximation
        // with tie and continuity corrections, R's default).
        double[] group1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
        double[] group2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];
        var result = MannWhitneyUTest.Test(group1, group2);
        result.U1.Should().Be(25.5);
        result.HasTies.Should().BeTrue();
        result.Method.Should().Be(MannWhitneyMethod.NormalApproximation);
        result.PValue.Should().BeApproximately(0.06933, 0.000005);
    }

    public static TheoryData<double[], double[]> SmallSamples => new()
    {
        { [1.0, 2.0, 3.0], [4.0, 5.0, 6.0] },
        { [10.5, 3.2, 7.7, 1.1], [2.2, 9.9, 4.4, 8.8, 6.6] },
        { [25.3, 25.1, 25.4, 25.2, 25.0], [25.6, 25.5, 25.7, 25.45, 25.05] },
        { [5.0, 1.0, 9.0, 3.0, 7.0, 11.0], [2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 0.5] },
    };

    [Theory]
    [MemberData(nameof(SmallSamples))]
    public void Exact_p_equals_enumerating_every_split(double[] x, double[] y)
    {
        // Independent reference: count U over all C(n1 + n2, n1) ways to assign the pooled values to x.
        var result = MannWhitneyUTest.Test(x, y);
        result.Method.Should().Be(MannWhitneyMethod.Exact);
        result.U1.Should().Be(CountU(x, y));
        result.PValue.Should().BeApproximately(BruteForceTwoSidedP(x, y), 1e-12);
    }

    [Fact]
    public void Completely_separated_samples_of_five_give_the_smallest_possible_p()
    {
        // 2 of the C(10, 5) = 252 splits are as extreme: p = 2/252 ≈ 0.0079, never below 0.001. This is why five
        // iterations can never pass the checklist's rank test at alpha = 0.001.
        var result = MannWhitneyUTest.Test([1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0]);
        result.U.Should().Be(0);
        result.PValue.Should().BeApproximately(2.0 / 252, 1e-15);
    }

    [Fact]
    public void Null_distribution_counts_are_the_q_binomial_coefficients()
    {
        // Sizes 2 and 2: U = 0..4 occurs 1, 1, 2, 1, 1 times (6 = C(4, 2) arrangements).
        MannWhitneyUTest.NullDistributionCounts(2, 2).Should().Equal(1, 1, 2, 1, 1);
        var counts = MannWhitneyUTest.NullDistributionCounts(20, 20);
        counts.Sum().Should().BeApproximately(137_846_528_820, 1e-3); // C(40, 20)
        counts.Should().Equal(counts.Reverse(), "the null distribution of U is symmetric");
    }

    [Fact]
    public void Normal_approximation_is_used_beyond_the_exact_limit()
    {
        var x = Enumerable.Range(0, MannWhitneyUTest.ExactLimit + 1).Select(i => (double)i).ToArray();
        var y = x.Select(v => v + 0.5).ToArray();
        var result = MannWhitneyUTest.Test(x, y);
        result.Method.Should().Be(MannWhitneyMethod.NormalApproximation);
        // U1 = Σ_i #{y_j < x_i} = Σ_i i = n(n-1)/2; z by hand with the continuity correction.
        double n = x.Length;
        result.U1.Should().Be(n * (n - 1) / 2);
        double z = (n * (n - 1) / 2 - n * n / 2 + 0.5) / Math.Sqrt(n * n * (2 * n + 1) / 12);
        result.Z.Should().BeApproximately(z, 1e-12);
        result.PValue.Should().BeApproximately(NormalDistribution.TwoSidedP(z), 1e-12);
    }

    private static double CountU(IReadOnlyList<double> x, IReadOnlyList<double> y) =>
        x.Sum(a => y.Sum(b => a > b ? 1.0 : a == b ? 0.5 : 0.0));

    // Two-sided exact p by enumeration: 2 · min(P(U ≤ u), P(U ≥ u)), capped at 1.
    private static double BruteForceTwoSidedP(IReadOnlyList<double> x, IReadOnlyList<double> y)
    {
        var pooled = x.Concat(y).ToArray();
        double observed = CountU(x, y);
        long total = 0;
        long lower = 0;
        long upper = 0;
        foreach (var chosen in Combinations(pooled.Length, x.Count))
        {
            var set = new HashSet<int>(chosen);
            var xs = pooled.Where((_, i) => set.Contains(i)).ToArray();
            var ys = pooled.Where((_, i) => !set.Contains(i)).ToArray();
            double u = CountU(xs, ys);
            total++;
            if (u <= observed)
            {
                lower++;
            }

            if (u >= observed)
            {
                upper++;
            }
        }

        return Math.Min(1, 2.0 * Math.Min(lower, upper) / total);
    }

    private static IEnumerable<int[]> Combinations(int n, int k)
    {
        var indexes = Enumerable.Range(0, k).ToArray();
        while (true)
        {
            yield return (int[])indexes.Clone();
            int i = k - 1;
            while (i >= 0 && indexes[i] == n - k + i)
            {
                i--;
            }

            if (i < 0)
            {
                yield break;
            }

            indexes[i]++;
            for (int j = i + 1; j < k; j++)
            {
                indexes[j] = indexes[j - 1] + 1;
            }
        }
    }
}
