/**
 * The widget's behaviour, one static script for every widget on the page. It
 * reads each widget's JSON config, places it, and wires markers, variants,
 * carousel, popup triggers and add to cart with addEventListener only; data
 * is only ever written with textContent.
 */
export const WIDGET_SCRIPT = `(function(){
'use strict';
function cfgOf(w){try{return JSON.parse(w.querySelector('.sl-config').textContent||'{}');}catch(e){return {};}}
function productAtc(){return document.querySelector('[data-sl-atc]')||document.querySelector('form[action*="/cart/add"] [type=submit]');}
function place(w,c){
  var target=null;
  try{
    if(c.placement==='selector'&&c.selector){target=document.querySelector(c.selector);}
    else if(c.placement==='after_atc'){target=productAtc();if(target&&target.form){target=target.form;}}
    if(!target&&c.template==='in_desc'){target=document.querySelector('[data-sl-description]');if(target){target.appendChild(w);return;}}
  }catch(e){target=null;}
  if(target&&target.parentNode){target.parentNode.insertBefore(w,target.nextSibling);}
}
function fmt(c,n){try{return new Intl.NumberFormat(c.locale||'en',{style:'currency',currency:c.currency||'USD'}).format(n);}catch(e){return String(n);}}
function addToCart(w,c,lines,button){
  var items=lines.map(function(l){return {id:l.variant,quantity:l.quantity,properties:{_look_id:String(c.lookId)}};});
  w.lastCartPayload={items:items};
  window.shoppableLooksLastCart={items:items};
  if(!c.preview){
    if(c.platformCart){fetch('/cart/add.js',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({items:items})}).catch(function(){});}
    lines.forEach(function(l){
      if(!c.eventEndpoint)return;
      fetch(c.eventEndpoint,{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({shopDomain:c.shopDomain,lookId:c.lookId,productId:l.product,price:l.price,quantity:l.quantity})}).catch(function(){});
    });
  }
  if(button){var old=button.textContent;button.textContent=c.text&&c.text.added||'Added';button.classList.add('is-added');setTimeout(function(){button.textContent=old;button.classList.remove('is-added');},1500);}
  try{w.dispatchEvent(new CustomEvent('shoppable-looks:add-to-cart',{bubbles:true,detail:{lookId:c.lookId,items:items}}));}catch(e){}
}
function lineOf(item){
  var q=item.querySelector('.sl-qty-input');
  var quantity=q?Math.max(1,Math.min(99,parseInt(q.value,10)||1)):1;
  return {product:item.getAttribute('data-sl-product'),variant:item.getAttribute('data-sl-variant'),price:parseFloat(item.getAttribute('data-sl-price'))||0,quantity:quantity};
}
function setVariant(item,id,price,c){
  item.setAttribute('data-sl-variant',id);
  if(price){item.setAttribute('data-sl-price',price);var now=item.querySelector('.sl-now');if(now){now.textContent=fmt(c,parseFloat(price));}}
}
function updateTotal(w,c){
  var total=w.querySelector('.sl-total');if(!total)return;
  var sum=0;Array.prototype.forEach.call(w.querySelectorAll('.sl-line'),function(line){var check=line.querySelector('.sl-line-check');if(check&&check.checked){var l=lineOf(line);sum+=l.price*l.quantity;}});
  total.textContent=fmt(c,sum);
}
function openPopup(w){var p=w.querySelector('.sl-popup');if(p&&p.hidden){p.hidden=false;var close=p.querySelector('.sl-popup-close');if(close)close.focus();}}
function closePopup(w){var p=w.querySelector('.sl-popup');if(p){p.hidden=true;w.popupDone=true;}}
function popupTriggers(w,c){
  var p=c.popup;if(!p)return;
  var once=function(){if(!w.popupDone)openPopup(w);};
  if(p.event==='onload'){once();}
  else if(p.event==='post_onload_time'){setTimeout(once,Math.max(0,p.delaySeconds||0)*1000);}
  else if(p.event==='on_user_scroll'){var onScroll=function(){window.removeEventListener('scroll',onScroll);once();};window.addEventListener('scroll',onScroll,{passive:true});}
  else if(p.event==='on_add_to_cart'){var atc=productAtc();if(atc){atc.addEventListener('click',function(){once();});}}
  var popup=w.querySelector('.sl-popup');
  if(popup){popup.addEventListener('click',function(e){if(e.target===popup)closePopup(w);});}
  document.addEventListener('keydown',function(e){if(e.key==='Escape')closePopup(w);});
}
function wire(w){
  if(w.getAttribute('data-sl-ready'))return;w.setAttribute('data-sl-ready','1');
  var c=cfgOf(w);
  place(w,c);
  w.addEventListener('click',function(e){
    var t=e.target;if(!t||!t.closest)return;
    var marker=t.closest('.sl-marker');
    if(marker){var idx=marker.getAttribute('data-sl-index');var item=w.querySelector('.sl-item[data-sl-index="'+idx+'"]');if(item){Array.prototype.forEach.call(w.querySelectorAll('.sl-item.is-highlighted'),function(i){i.classList.remove('is-highlighted');});item.classList.add('is-highlighted');if(item.scrollIntoView)item.scrollIntoView({block:'nearest',behavior:'smooth'});}return;}
    var option=t.closest('.sl-option');
    if(option&&!option.disabled){var it=option.closest('.sl-item');Array.prototype.forEach.call(option.parentNode.children,function(o){o.classList.remove('is-selected');o.setAttribute('aria-checked','false');});option.classList.add('is-selected');option.setAttribute('aria-checked','true');setVariant(it,option.getAttribute('data-sl-variant'),option.getAttribute('data-sl-price'),c);updateTotal(w,c);return;}
    var nav=t.closest('.sl-nav');
    if(nav){var track=w.querySelector('.sl-track');if(track){track.scrollBy({left:(nav.classList.contains('sl-prev')?-1:1)*track.clientWidth*0.8,behavior:'smooth'});}return;}
    if(t.closest('.sl-popup-open')){openPopup(w);return;}
    if(t.closest('.sl-popup-close')){closePopup(w);return;}
    var all=t.closest('.sl-add-all');
    if(all){var avail=Array.prototype.filter.call(w.querySelectorAll('.sl-item'),function(i){var b=i.querySelector('.sl-atc');return !(b&&b.disabled);});addToCart(w,c,avail.map(lineOf),all);return;}
    var selected=t.closest('.sl-add-selected');
    if(selected){var lines=[];Array.prototype.forEach.call(w.querySelectorAll('.sl-line'),function(line){var check=line.querySelector('.sl-line-check');if(check&&check.checked)lines.push(lineOf(line));});if(lines.length)addToCart(w,c,lines,selected);return;}
    var atc=t.closest('.sl-atc');
    if(atc&&!atc.disabled){var card=atc.closest('.sl-item');if(card)addToCart(w,c,[lineOf(card)],atc);}
  });
  w.addEventListener('change',function(e){
    var t=e.target;if(!t)return;
    if(t.classList.contains('sl-variant-select')){var opt=t.options[t.selectedIndex];setVariant(t.closest('.sl-item'),t.value,opt&&opt.getAttribute('data-sl-price'),c);}
    updateTotal(w,c);
  });
  w.addEventListener('input',function(e){if(e.target&&e.target.classList.contains('sl-qty-input'))updateTotal(w,c);});
  popupTriggers(w,c);
}
function init(){Array.prototype.forEach.call(document.querySelectorAll('.sl-widget'),wire);}
if(document.readyState==='loading'){document.addEventListener('DOMContentLoaded',init);}else{init();}
})();`;
