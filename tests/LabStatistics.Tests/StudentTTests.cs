using LabStatistics;

namespace LabStatistics.Tests;

// References: the closed forms of Student's t CDF for df = 1 (Cauchy), 2 and 3 and of its quantile for df = 1 and 2
// (exact), and the critical values printed in standard t tables (NIST/SEMATECH e-Handbook of Statistical Methods,
// section 1.3.6.7.2, for 0.975 and 0.999; the common textbook "0.0005 one tail" column for 0.9995), to 3 decimals.
public class StudentTTests
{
    public static TheoryData<double> Points => new() { -30, -4.5, -1, -0.25, 0, 0.1, 0.8, 2.5, 12, 250 };

    [Theory]
    [MemberData(nameof(Points))]
    public void Cdf_with_one_degree_of_freedom_is_the_cauchy_cdf(double t) =>
        StudentT.Cdf(t, 1).Should().BeApproximately(0.5 + Math.Atan(t) / Math.PI, 1e-13);

    [Theory]
    [MemberData(nameof(Points))]
    public void Cdf_with_two_degrees_of_freedom_matches_its_closed_form(double t) =>
        StudentT.Cdf(t, 2).Should().BeApproximately(0.5 + t / (2 * Math.Sqrt(t * t + 2)), 1e-13);

    [Theory]
    [MemberData(nameof(Points))]
    public void Cdf_with_three_degrees_of_freedom_matches_its_closed_form(double t)
    {
        double s = t / Math.Sqrt(3);
        double expected = 0.5 + (s / (1 + s * s) + Math.Atan(s)) / Math.PI;
        StudentT.Cdf(t, 3).Should().BeApproximately(expected, 1e-13);
    }

    [Theory]
    [InlineData(0.0005)]
    [InlineData(0.1)]
    [InlineData(0.5)]
    [InlineData(0.8)]
    [InlineData(0.9995)]
    public void Quantile_matches_the_closed_forms_for_one_and_two_degrees_of_freedom(double p)
    {
        StudentT.Quantile(p, 1).Should().BeApproximately(Math.Tan(Math.PI * (p - 0.5)), 1e-9 * Math.Max(1, Math.Abs(Math.Tan(Math.PI * (p - 0.5)))));
        StudentT.Quantile(p, 2).Should().BeApproximately((2 * p - 1) / Math.Sqrt(2 * p * (1 - p)), 1e-10 * 50);
    }

    [Theory]
    [InlineData(0.975, 10, 2.228)]
    [InlineData(0.999, 19, 3.579)]
    [InlineData(0.9995, 19, 3.883)]
    [InlineData(0.9995, 4, 8.610)]
    [InlineData(0.9995, 3, 12.924)]
    public void Quantile_matches_published_t_tables(double p, double df, double table) =>
        StudentT.Quantile(p, df).Should().BeApproximately(table, 0.0005);

    [Fact]
    public void Quantile_inverts_the_cdf_for_fractional_degrees_of_freedom()
    {
        foreach (double df in new[] { 0.7, 4.07, 31.6, 1e4 })
        {
            foreach (double p in new[] { 0.0005, 0.025, 0.3, 0.9, 0.9995 })
            {
                StudentT.Cdf(StudentT.Quantile(p, df), df).Should().BeApproximately(p, 1e-12, $"df = {df}, p = {p}");
            }
        }
    }

    [Fact]
    public void Large_df_approaches_the_normal_distribution() =>
        StudentT.Quantile(0.975, 1e7).Should().BeApproximately(1.959963984540054, 1e-5);

    [Fact]
    public void Two_sided_p_is_both_tails()
    {
        StudentT.TwoSidedP(2.5, 7).Should().BeApproximately(2 * (1 - StudentT.Cdf(2.5, 7)), 1e-14);
        StudentT.TwoSidedP(-2.5, 7).Should().BeApproximately(StudentT.TwoSidedP(2.5, 7), 1e-15);
        StudentT.TwoSidedP(0, 7).Should().BeApproximately(1, 1e-15);
    }

    [Fact]
    public void Invalid_arguments_are_rejected()
    {
        FluentActions.Invoking(() => StudentT.Cdf(1, 0)).Should().Throw<ArgumentOutOfRangeException>();
        FluentActions.Invoking(() => StudentT.Quantile(1, 5)).Should().Throw<ArgumentOutOfRangeException>();
        FluentActions.Invoking(() => StudentT.Quantile(0, 5)).Should().Throw<ArgumentOutOfRangeException>();
    }
}
