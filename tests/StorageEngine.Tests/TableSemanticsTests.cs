namespace StorageEngine.Tests;

public class TableSemanticsTests
{
    public static TheoryData<TableKind, bool> Backends => new()
    {
        { TableKind.Lock, false },
        { TableKind.Striped, false },
        { TableKind.Lock, true },
        { TableKind.Striped, true },
    };

    [Theory]
    [MemberData(nameof(Backends))]
    public void Insert_overwrite_get_and_count(TableKind backend, bool withWal)
    {
        using var dir = new WalDirectory();
        using var table = Tables.Create(backend, withWal ? dir.Wal() : null);

        table.Count.Should().Be(0);
        table.Insert(1, Row.Generate(1));
        table.Insert(2, Row.Generate(2));
        table.Insert(1, Row.Default); // overwrite

        table.Count.Should().Be(2);
        table.Get(1).Should().BeSameAs(Row.Default);
        table.Get(2).Should().Be(Row.Generate(2));
        (table.Wal is not null).Should().Be(withWal);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public void Get_of_a_missing_key_throws_and_TryGet_returns_false(TableKind backend, bool withWal)
    {
        using var dir = new WalDirectory();
        using var table = Tables.Create(backend, withWal ? dir.Wal() : null);
        table.Insert(1, Row.Default);

        table.TryGet(404, out _).Should().BeFalse();
        var act = () => table.Get(404);
        act.Should().Throw<KeyNotFoundException>().WithMessage("*404*");
    }

    [Theory]
    [InlineData(TableKind.Lock)]
    [InlineData(TableKind.Striped)]
    public void FlushWAL_without_a_log_does_nothing(TableKind backend)
    {
        using var table = Tables.Create(backend);
        table.Insert(1, Row.Default);
        table.FlushWAL();
        table.Wal.Should().BeNull();
        table.Count.Should().Be(1);
    }

    [Theory]
    [InlineData(TableKind.Lock)]
    [InlineData(TableKind.Striped)]
    public void Insert_after_dispose_of_a_logged_table_is_refused(TableKind backend)
    {
        using var dir = new WalDirectory();
        var table = Tables.Create(backend, dir.Wal());
        table.Dispose();
        var act = () => table.Insert(1, Row.Default);
        act.Should().Throw<ObjectDisposedException>();
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public void A_table_sized_up_front_holds_more_keys_than_its_capacity_and_recovers_them(TableKind backend, bool withWal)
    {
        using var dir = new WalDirectory();
        var options = withWal ? dir.Wal() : null;
        using (var table = backend == TableKind.Lock
            ? (ITable<int, Row>)new LockTable<int, Row>(options, capacity: 100)
            : new StripedTable<int, Row>(options, capacity: 100))
        {
            for (int key = 0; key < 1_000; key++)
            {
                table.Insert(key, Row.Generate(key));
            }

            table.Count.Should().Be(1_000);
            table.Get(999).Should().Be(Row.Generate(999));
        }

        if (withWal)
        {
            using var reopened = Tables.Create(backend, dir.Wal());
            reopened.Count.Should().Be(1_000);
        }
    }

    [Fact]
    public void A_negative_capacity_is_refused_naming_it()
    {
        var striped = () => new StripedTable<int, Row>(null, capacity: -1);
        striped.Should().Throw<ArgumentOutOfRangeException>().WithParameterName("capacity");
        var locked = () => new LockTable<int, Row>(null, capacity: -1);
        locked.Should().Throw<ArgumentOutOfRangeException>().WithParameterName("capacity");
    }
}
