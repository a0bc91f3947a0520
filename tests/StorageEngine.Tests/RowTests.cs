namespace StorageEngine.Tests;

public class RowTests
{
    [Fact]
    public void Default_is_a_shared_64_byte_row()
    {
        Row.Default.Length.Should().Be(64);
        Row.Default.Should().BeSameAs(Row.Default);
    }

    [Theory]
    [InlineData(0, 32)]
    [InlineData(1, 33)]
    [InlineData(224, 256)]
    [InlineData(225, 32)]
    [InlineData(999_999, 32 + (999_999 % 225))]
    public void Generate_makes_32_plus_key_mod_225_bytes(int key, int expected)
    {
        Row.Generate(key).Length.Should().Be(expected);
    }

    [Fact]
    public void Generate_is_deterministic_and_key_dependent()
    {
        Row.Generate(42).Should().Be(Row.Generate(42));
        Row.Generate(42).Should().NotBe(Row.Generate(42 + 225)); // same size, different content
        Row.Generate(42).IsGeneratedFor(42).Should().BeTrue();
        Row.Generate(42).IsGeneratedFor(43).Should().BeFalse();
    }

    [Fact]
    public void Generate_rejects_a_negative_key_naming_the_value()
    {
        var act = () => Row.Generate(-7);
        act.Should().Throw<ArgumentOutOfRangeException>().Which.ActualValue.Should().Be(-7);
    }
}
