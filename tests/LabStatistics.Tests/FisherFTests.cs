using LabStatistics;

namespace LabStatistics.Tests;

// References: the closed form of the F CDF with d1 = 2 (1 − (1 + 2x/d2)^(−d2/2)), the identity F(1, ν) = T(ν)² (so
// P(F ≤ x) = P(|T| ≤ √x)), and critical values printed in standard F tables (NIST/SEMATECH e-Handbook, section
// 1.3.6.7.3, upper 5% points; the common 2.5% table), to 3 decimals.
public class FisherFTests
{
    [Theory]
    [InlineData(0.01, 2)]
    [InlineData(0.5, 7)]
    [InlineData(3, 2)]
    [InlineData(40, 12)]
    public void Cdf_with_two_numerator_degrees_of_freedom_matches_its_closed_form(double x, double d2) =>
        FisherF.Cdf(x, 2, d2).Should().BeApproximately(1 - Math.Pow(1 + 2 * x / d2, -d2 / 2), 1e-12);

    [Theory]
    [InlineData(0.3, 4)]
    [InlineData(5.2, 9)]
    [InlineData(19, 3)]
    public void Cdf_with_one_numerator_degree_of_freedom_is_a_squared_t(double x, double df) =>
        FisherF.Cdf(x, 1, df).Should().BeApproximately(1 - StudentT.TwoSidedP(Math.Sqrt(x), df), 1e-12);

    [Theory]
    [InlineData(0.95, 5, 10, 3.326)]
    [InlineData(0.95, 10, 10, 2.978)]
    [InlineData(0.975, 10, 10, 3.717)]
    [InlineData(0.95, 1, 20, 4.351)]
    public void Quantile_matches_published_f_tables(double p, double d1, double d2, double table) =>
        FisherF.Quantile(p, d1, d2).Should().BeApproximately(table, 0.0005);

    [Theory]
    [InlineData(0.025, 10, 10)]
    [InlineData(0.9, 3, 7)]
    public void Quantile_inverts_the_cdf(double p, double d1, double d2) =>
        FisherF.Cdf(FisherF.Quantile(p, d1, d2), d1, d2).Should().BeApproximately(p, 1e-12);

    [Fact]
    public void Lower_quantile_is_the_reciprocal_of_the_upper_with_the_degrees_swapped() =>
        FisherF.Quantile(0.025, 4, 9).Should().BeApproximately(1 / FisherF.Quantile(0.975, 9, 4), 1e-10);

    [Theory]
    [InlineData(0.0, 5, 5)]
    [InlineData(1.0, 5, 5)]
    [InlineData(0.5, 0, 5)]
    [InlineData(0.5, 5, double.PositiveInfinity)]
    public void Bad_arguments_throw(double p, double d1, double d2) =>
        FluentActions.Invoking(() => FisherF.Quantile(p, d1, d2)).Should().Throw<ArgumentOutOfRangeException>();
}
