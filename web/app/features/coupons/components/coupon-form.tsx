import { toast } from "@/components/ui/toast";
import { CheckboxField, InputField, SelectField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { adminButton } from "@/components/admin/styles";
import { labelClass } from "@/components/form/styles";
import { useForm } from "@/components/form/use-form";
import { useCreateCoupon } from "@/features/coupons/api/create-coupon";
import { useProducts } from "@/lib/products/list-products";
import type { Coupon, DiscountKind } from "@/lib/api-types";
import { useUpdateCoupon } from "@/features/coupons/api/update-coupon";
import { ALL_PRODUCTS_LABEL, discountLabel, usageLabel } from "@/features/coupons/lib/coupon-labels";
import {
  COUPON_LIMITS,
  couponFormToInput,
  couponToForm,
  emptyCouponForm,
  validateCoupon,
  type CouponField,
  type CouponFormValues,
} from "@/features/coupons/lib/coupon-validation";

const kindOptions: { value: DiscountKind; label: string }[] = [
  { value: "percent", label: "Percentage" },
  { value: "fixed", label: "Vast bedrag" },
];

interface CouponFormProps {
  coupon: Coupon | null;
  onDone: () => void;
}

/** Create or edit a coupon. Validity times are Brussels time, sent exactly as typed. */
export function CouponForm({ coupon, onDone }: CouponFormProps) {
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const products = useProducts();
  const { values, set, field, errors, formError, formRef, submitting, onSubmit } = useForm<CouponFormValues, CouponField>({
    initial: () => (coupon ? couponToForm(coupon) : emptyCouponForm()),
    validate: validateCoupon,
    async submit(values) {
      const input = couponFormToInput(values);
      const saved = coupon ? await update.mutateAsync({ id: coupon.id, input }) : await create.mutateAsync(input);
      toast.success(coupon ? "Coupon opgeslagen" : "Coupon toegevoegd", {
        description: `${saved.code}: ${discountLabel(saved.discount_kind, saved.discount_value)} korting${
          saved.active ? "" : " (inactief)"
        }.`,
      });
      onDone();
    },
  });

  // The product list may lag (or a coupon may point at a product that is no longer sold).
  const productOptions = products.data ?? [];
  const missingProduct =
    values.product_slug && !productOptions.some((p) => p.slug === values.product_slug)
      ? { slug: values.product_slug, name: coupon?.product_name ?? values.product_slug }
      : null;

  const percent = values.discount_kind === "percent";

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormAlert message={formError} />
      {coupon ? (
        <p className="rounded-xl bg-teal-soft p-3 text-sm text-ink">
          Al {usageLabel(coupon.redemptions, coupon.max_redemptions)} keer gebruikt.
        </p>
      ) : null}
      <InputField
        label="Code"
        {...field("code")}
        hint="Wat de klant intypt. Hoofdletters of kleine letters maakt niet uit; spaties vallen weg."
        type="text"
        autoComplete="off"
        spellCheck={false}
        maxLength={COUPON_LIMITS.codeMax + 10}
        controlClassName="font-mono uppercase"
      />

      <fieldset className="grid gap-4 rounded-xl border border-sand p-4">
        <legend className={`${labelClass} px-1`}>Korting</legend>
        <SelectField label="Soort korting" {...field("discount_kind")}>
          {kindOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <InputField
          label={percent ? "Percentage" : "Bedrag in euro"}
          {...field("value")}
          name="discount_value"
          error={errors.discount_value}
          hint={
            percent
              ? "Een heel getal van 1 tot 100, bv. 10 voor 10% korting."
              : "Incl. btw, bv. 5 of 5,00. Een bestelling wordt nooit minder dan € 0,00."
          }
          type="text"
          inputMode={percent ? "numeric" : "decimal"}
          autoComplete="off"
          unit={percent ? "%" : "€"}
          className="sm:max-w-xs"
        />
      </fieldset>

      <SelectField
        label="Product"
        {...field("product_slug")}
        hint={products.isError ? "De producten konden niet geladen worden; de coupon geldt dan voor alle producten." : undefined}
      >
        <option value="">{ALL_PRODUCTS_LABEL}</option>
        {productOptions.map((p) => (
          <option key={p.slug} value={p.slug}>
            {p.name}
          </option>
        ))}
        {missingProduct ? <option value={missingProduct.slug}>{missingProduct.name}</option> : null}
      </SelectField>

      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="Geldig vanaf"
          {...field("valid_from_local")}
          optional
          hint="Belgische tijd. Leeg: meteen geldig."
          type="datetime-local"
        />
        <InputField
          label="Geldig tot"
          {...field("valid_until_local")}
          optional
          hint="Belgische tijd. Leeg: geen einddatum."
          type="datetime-local"
          min={values.valid_from_local || undefined}
        />
      </div>

      <InputField
        label="Maximaal aantal keer te gebruiken"
        {...field("max_redemptions")}
        optional
        hint="Leeg: onbeperkt. Een betaalde bestelling telt als één keer."
        type="number"
        inputMode="numeric"
        min={1}
        max={COUPON_LIMITS.maxRedemptions}
        step={1}
        controlClassName="sm:max-w-xs"
      />

      <CheckboxField name="active" checked={values.active} onChange={(checked) => set("active", checked)}>
        <span className="font-medium">Actief</span>
        <span className="block text-sm text-ink-soft">Een inactieve coupon wordt bij het afrekenen geweigerd.</span>
      </CheckboxField>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onDone} disabled={submitting} className={adminButton("quiet")}>
          Annuleren
        </button>
        <button type="submit" disabled={submitting} className={adminButton("primary")}>
          {submitting ? "Bezig..." : coupon ? "Wijzigingen opslaan" : "Coupon toevoegen"}
        </button>
      </div>
    </form>
  );
}
