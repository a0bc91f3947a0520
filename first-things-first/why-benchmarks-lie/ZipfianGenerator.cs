using MeasurementLab;

namespace WhyBenchmarksLie;

/// <summary>
/// YCSB's Zipfian generator (Gray et al., "Quickly generating billion-record synthetic databases", as used by
/// Cooper et al., YCSB, SoCC 2010): rank r in [0, n) with probability (1/(r+1)^θ) / ζ(n, θ). θ = 0.99 is YCSB's
/// default. Ranks are then scrambled through a fixed permutation so the hot keys are spread over the key space
/// instead of being 0, 1, 2… (YCSB's "scrambled" variant does the same with a hash).
/// </summary>
public sealed class ZipfianGenerator
{
    /// <summary>YCSB's default skew.</summary>
    public const double YcsbTheta = 0.99;

    private readonly Random _random;
    private readonly double _theta;
    private readonly double _zetaN;
    private readonly double _alpha;
    private readonly double _eta;
    private readonly double _halfPowTheta;
    private readonly int[]? _scramble;

    /// <summary>Creates a generator over <paramref name="itemCount"/> items.</summary>
    /// <param name="itemCount">Number of distinct keys.</param>
    /// <param name="theta">Skew, in (0, 1).</param>
    /// <param name="seed">Seed of the draws and of the scrambling permutation.</param>
    /// <param name="scramble">Map ranks to keys through a seeded permutation (true) or return ranks as keys (false).</param>
    public ZipfianGenerator(int itemCount, double theta = YcsbTheta, int seed = LabSeed.Value, bool scramble = true)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(itemCount, 2);
        if (theta is <= 0 or >= 1)
        {
            throw new ArgumentOutOfRangeException(nameof(theta), theta, "theta must be in (0, 1).");
        }

        ItemCount = itemCount;
        _theta = theta;
        _random = new Random(seed);
        _zetaN = Zeta(itemCount, theta);
        double zeta2 = Zeta(2, theta);
        _alpha = 1.0 / (1.0 - theta);
        _eta = (1 - Math.Pow(2.0 / itemCount, 1 - theta)) / (1 - (zeta2 / _zetaN));
        _halfPowTheta = 1 + Math.Pow(0.5, theta);
        if (scramble)
        {
            _scramble = new int[itemCount];
            for (int i = 0; i < itemCount; i++)
            {
                _scramble[i] = i;
            }

            new Random(unchecked(seed * 31 + 7)).Shuffle(_scramble);
        }
    }

    public int ItemCount { get; }

    /// <summary>ζ(n, θ) = Σ_{i=1..n} 1 / i^θ.</summary>
    public static double Zeta(long n, double theta)
    {
        double sum = 0;
        for (long i = 1; i <= n; i++)
        {
            sum += 1.0 / Math.Pow(i, theta);
        }

        return sum;
    }

    /// <summary>Probability of the rank-<paramref name="rank"/> item (0 = hottest).</summary>
    public double ProbabilityOfRank(int rank) => 1.0 / Math.Pow(rank + 1, _theta) / _zetaN;

    /// <summary>The key that rank <paramref name="rank"/> maps to.</summary>
    public int KeyOfRank(int rank) => _scramble is null ? rank : _scramble[rank];

    /// <summary>Next rank (0 = hottest), without scrambling.</summary>
    public int NextRank()
    {
        double u = _random.NextDouble();
        double uz = u * _zetaN;
        if (uz < 1.0)
        {
            return 0;
        }

        if (uz < _halfPowTheta)
        {
            return 1;
        }

        long rank = (long)(ItemCount * Math.Pow((_eta * u) - _eta + 1, _alpha));
        return (int)Math.Min(rank, ItemCount - 1);
    }

    public int Next() => KeyOfRank(NextRank());

    /// <summary><paramref name="count"/> keys.</summary>
    public int[] NextKeys(int count)
    {
        var keys = new int[count];
        for (int i = 0; i < count; i++)
        {
            keys[i] = Next();
        }

        return keys;
    }
}
