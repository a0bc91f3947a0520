using System.Globalization;
using System.Text.RegularExpressions;

namespace LabReport.Tests;

/// <summary>
/// The published-numbers check: every entry names its source sentence, and its number appears in that sentence, or is
/// derived from numbers that do by the formula the entry states (evaluated here), or reads words of it.
/// </summary>
public partial class PublishedNumbersTests
{
    private static readonly PublishedNumbers Numbers = PublishedNumbers.LoadDefault();

    public static TheoryData<string, string> Claims()
    {
        var data = new TheoryData<string, string>();
        foreach (var post in Numbers.Posts)
        {
            foreach (var claim in post.Claims)
            {
                data.Add(post.Post, claim.Id);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Claims))]
    public void Every_entry_names_its_source_sentence(string post, string id)
    {
        var claim = Numbers.For(post).Claim(id);
        claim.Quote.Should().NotBeNullOrWhiteSpace($"{id} quotes its source");
        claim.Quote.Length.Should().BeLessThan(400, $"{id} quotes briefly");
        claim.Section.Should().NotBeNullOrWhiteSpace();
        Numbers.For(post).Source.Should().NotBeNullOrWhiteSpace();
    }

    [Theory]
    [MemberData(nameof(Claims))]
    public void Every_number_is_in_its_sentence_or_derived_from_it_by_its_formula(string post, string id)
    {
        var claim = Numbers.For(post).Claim(id);
        var quoted = NumbersIn(claim.Quote);
        if (claim.Formula is { } formula)
        {
            foreach (string literal in NumberPattern().Matches(formula).Select(m => m.Value))
            {
                (quoted.Contains(Parse(literal)) || claim.Constants.ContainsKey(literal)).Should().BeTrue(
                    $"{id}: the formula's {literal} must be in the quote or be a constant with its reason");
            }

            double derived = Formula.Evaluate(formula);
            Math.Round(derived, claim.Decimals, MidpointRounding.AwayFromZero).Should().Be(claim.Value,
                $"{id}: {formula} = {derived} must give {claim.ValueText} to its decimals");
        }
        else if (claim.Reading is var (words, how))
        {
            claim.Quote.Should().Contain(words, $"{id} reads words of its sentence");
            how.Should().NotBeNullOrWhiteSpace();
        }
        else
        {
            quoted.Should().Contain(claim.Value, $"{id}: {claim.ValueText} must appear in its quote");
        }

        claim.Constants.Values.Where(why => why.Length <= 10).Should().BeEmpty($"{id}: every constant says why");
    }

    [Fact]
    public void Nothing_points_outside_the_repository()
    {
        string text = string.Concat(Directory.GetFiles(Path.Combine(AppContext.BaseDirectory, PublishedNumbers.Folder), PublishedNumbers.FileName,
            SearchOption.AllDirectories).Select(File.ReadAllText));
        text.Should().NotContain("/work/").And.NotContain("seeds/").And.NotContain("docs/ftf");
    }

    [Fact]
    public void The_slip_is_fixed_mark7_and_mark8_print_30_1_ns()
    {
        var multiply = Numbers.For("hand-rolled-harness").Claim("multiply");
        multiply.Value.Should().Be(30.1);
        multiply.Quote.Should().Contain("multiply 30.1");
    }

    [Fact]
    public void The_retired_engine_targets_are_gone_and_the_kept_ones_are_bounds()
    {
        var engine = Numbers.For("engine");
        engine.Claims.Select(c => c.Id).Should().NotContain(["wal-cost-1t", "wal-cost-2t", "wal-scaling", "fresh-1t-logging", "fresh-2t-logging", "fresh-2t-rate", "durable-2t-rate"]);
        engine.Claim("durable-vs-sqlite").Kind.Should().Be("at-least");
        engine.Claim("durable-2t-vs-sqlite").Value.Should().Be(35);
        engine.Claim("durable-2t-of-ceiling").Value.Should().Be(0.5);
        engine.Claim("disk-seq").Kind.Should().Be("info");
    }

    [Theory]
    [InlineData("38147737.5 / 767679.5", 49.6923)]
    [InlineData("(6434.3 / 561.0) / 8", 1.4336)]
    [InlineData("(8335 - 422) / (7934 - 33)", 1.0015)]
    [InlineData("20 / (4 * 6)", 0.8333)]
    [InlineData("-2 + 3 * 4", 10)]
    public void The_formula_evaluator_knows_arithmetic(string formula, double expected) =>
        Formula.Evaluate(formula).Should().BeApproximately(expected, 1e-4);

    [Fact]
    public void A_malformed_formula_is_an_error() =>
        ((Action)(() => Formula.Evaluate("2 * (3"))).Should().Throw<FormatException>();

    // Every number a quote contains: "8,335" is 8335, "123K" is 123, "1.00" is 1.
    private static HashSet<double> NumbersIn(string text) => [.. NumberPattern().Matches(text).Select(m => Parse(m.Value))];

    private static double Parse(string literal) => double.Parse(literal.Replace(",", "", StringComparison.Ordinal), CultureInfo.InvariantCulture);

    [GeneratedRegex(@"\d[\d,]*(\.\d+)?")]
    private static partial Regex NumberPattern();

    /// <summary>+ − × ÷ and parentheses over decimal numbers: the formulas published-numbers.json states.</summary>
    private sealed class Formula
    {
        private readonly string _text;
        private int _at;

        private Formula(string text) => _text = text;

        public static double Evaluate(string text)
        {
            var formula = new Formula(text);
            double value = formula.Sum();
            formula.Skip();
            return formula._at == text.Length ? value : throw new FormatException($"'{text}': unexpected '{text[formula._at..]}'");
        }

        private double Sum()
        {
            double value = Product();
            while (Next() is '+' or '-')
            {
                char op = _text[_at++];
                value = op == '+' ? value + Product() : value - Product();
            }

            return value;
        }

        private double Product()
        {
            double value = Factor();
            while (Next() is '*' or '/')
            {
                char op = _text[_at++];
                value = op == '*' ? value * Factor() : value / Factor();
            }

            return value;
        }

        private double Factor()
        {
            char c = Next();
            if (c == '-')
            {
                _at++;
                return -Factor();
            }

            if (c == '(')
            {
                _at++;
                double value = Sum();
                if (Next() != ')')
                {
                    throw new FormatException($"'{_text}': a ')' is missing");
                }

                _at++;
                return value;
            }

            int start = _at;
            while (_at < _text.Length && (char.IsDigit(_text[_at]) || _text[_at] == '.'))
            {
                _at++;
            }

            return start < _at
                ? double.Parse(_text[start.._at], CultureInfo.InvariantCulture)
                : throw new FormatException($"'{_text}': a number is expected at {start}");
        }

        private char Next()
        {
            Skip();
            return _at < _text.Length ? _text[_at] : '\0';
        }

        private void Skip()
        {
            while (_at < _text.Length && _text[_at] == ' ')
            {
                _at++;
            }
        }
    }
}
