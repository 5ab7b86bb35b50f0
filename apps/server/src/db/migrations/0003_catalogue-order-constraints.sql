-- D5: a manual order stays a permutation. The uniqueness is checked at commit, so a move can
-- shift many positions in one transaction without tripping over itself half-way.
ALTER TABLE products ADD CONSTRAINT products_sort_order_key UNIQUE (sort_order) DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE product_category_order ADD CONSTRAINT product_category_order_position_key UNIQUE (category_id, position) DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE product_media ADD CONSTRAINT product_media_position_key UNIQUE (product_id, role, position) DEFERRABLE INITIALLY DEFERRED;
